// Layer 3 of the consent clicker: DuckDuckGo's autoconsent rules, injected into the page and driven
// through an exposed binding; used when our own selectors and heuristic found nothing.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { MAX_CHILD_FRAMES } from './consent-rules.js';
import { sleep, within } from './time.js';
import { holdsPage } from './session/page-calls.js';

// ---------------------------------------------------------------------------------------------
// Autoconsent bridge: its Playwright content script talks to us through an exposed binding.

export interface AutoconsentRule {
  runContext?: { urlPattern?: string };
}
export interface AutoconsentAssets {
  script: string;
  rules: { rule: AutoconsentRule; pattern: RegExp | null }[];
}
let assets: AutoconsentAssets | null | undefined;

/** Loaded once; null when the package is missing, and then the first two layers work alone. */
export function autoconsentAssets(): AutoconsentAssets | null {
  if (assets !== undefined) return assets;
  try {
    const require = createRequire(import.meta.url);
    const main = require.resolve('@duckduckgo/autoconsent');
    const script = readFileSync(join(dirname(main), 'autoconsent.playwright.js'), 'utf8');
    const bundle = JSON.parse(readFileSync(require.resolve('@duckduckgo/autoconsent/rules/rules.json'), 'utf8')) as { autoconsent: AutoconsentRule[] };
    const rules = bundle.autoconsent.map((rule) => {
      let pattern: RegExp | null = null;
      try {
        pattern = rule.runContext?.urlPattern ? new RegExp(rule.runContext.urlPattern) : null;
      } catch {
        pattern = /$^/;
      }
      return { rule, pattern };
    });
    assets = { script, rules };
  } catch {
    assets = null;
  }
  return assets;
}

/** Generic rules plus the site-specific ones whose URL pattern matches this frame (keeps the payload small). */
export function rulesFor(url: string): AutoconsentRule[] {
  return (autoconsentAssets()?.rules ?? []).filter((r) => !r.pattern || r.pattern.test(url)).map((r) => r.rule);
}

export const AUTOCONSENT_CONFIG = {
  enabled: true, disabledCmps: [], enableGeneratedRules: true, detectRetries: 2, isMainWorld: true,
  // Prehiding and cosmetic rules hide banners instead of answering them: never wanted here.
  enablePrehide: false, enableCosmeticRules: false, prehideTimeout: 0,
  enableHeuristicDetection: false, heuristicMode: 'off', enablePopupMutationObserver: false, visualTest: false,
  performanceLoggingEnabled: false,
  logs: { lifecycle: false, rulesteps: false, detectionsteps: false, evals: false, errors: false, messages: false, waits: false },
};

export interface AutoconsentMessage {
  type: string;
  cmp?: string;
  result?: boolean;
  id?: string;
  code?: string;
}
export interface Bridge {
  messages: AutoconsentMessage[];
  action: 'optIn' | 'optOut' | null;
  ready: Promise<boolean>;
}
const bridges = new WeakMap<Page, Bridge>();

const reply = (frame: Frame, msg: unknown) =>
  frame.evaluate(`window.autoconsentReceiveMessage && window.autoconsentReceiveMessage(${JSON.stringify(msg)})`).catch(() => {});

export function bridgeFor(page: Page): Promise<Bridge | null> {
  let b = bridges.get(page);
  if (!b) {
    const bridge: Bridge = { messages: [], action: null, ready: Promise.resolve(false) };
    bridge.ready = holdsPage(page, page.exposeBinding('autoconsentSendMessage', async ({ frame }: { frame: Frame }, msg: AutoconsentMessage) => {
      if (!msg || typeof msg !== 'object' || typeof msg.type !== 'string') return;
      if (msg.type === 'report') return;
      bridge.messages.push({ type: msg.type, cmp: msg.cmp, result: msg.result });
      if (msg.type === 'init') {
        await reply(frame, { type: 'initResp', config: { ...AUTOCONSENT_CONFIG, autoAction: bridge.action }, rules: { autoconsent: rulesFor(frame.url()) } });
      } else if (msg.type === 'eval' && typeof msg.code === 'string') {
        const result = await frame.evaluate(msg.code).catch(() => false);
        await reply(frame, { type: 'evalResp', id: msg.id, result });
      }
    })).then(() => true, () => false);
    bridges.set(page, bridge);
    b = bridge;
  }
  return b.ready.then((ok) => (ok ? b! : null));
}

/**
 * Starts a fresh autoconsent instance in each frame with the given action and waits for `until`.
 * Gives up early when no CMP is recognised within the first ~900 ms.
 */
export async function runAutoconsent(page: Page, action: Bridge['action'], until: (m: AutoconsentMessage) => boolean, left: () => number): Promise<AutoconsentMessage | null> {
  const a = autoconsentAssets();
  if (!a || left() < 300) return null;
  const bridge = await within(bridgeFor(page), Math.min(500, left()), null);
  if (!bridge) return null;
  bridge.action = action;
  const since = bridge.messages.length;
  const frames = [page.mainFrame(), ...page.frames().filter((f) => f.parentFrame() && /^https?:/.test(f.url())).slice(0, MAX_CHILD_FRAMES)];
  // Deleting the receiver makes the content script start a new instance (it refuses to start twice).
  await Promise.all(frames.map((f) => within(f.evaluate(`delete window.autoconsentReceiveMessage;\n${a.script}`), Math.min(800, left()), undefined)));
  const started = Date.now();
  while (left() > 0) {
    const fresh = bridge.messages.slice(since);
    const hit = fresh.find(until);
    if (hit) return hit;
    if (Date.now() - started > 900 && !fresh.some((m) => m.type === 'cmpDetected')) return null;
    await sleep(Math.min(50, left()));
  }
  return null;
}
