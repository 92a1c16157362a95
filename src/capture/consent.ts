// Consent clicker: finds a cookie/consent banner and clicks "accept all" or "reject all" in it.
// Three layers, fastest first, all inside a 2 s budget per call and never throwing:
//   1. known CMP selectors (OneTrust, Cookiebot, Didomi, Usercentrics, …) — one in-page pass;
//   2. a documented heuristic (fixed/sticky/dialog element with consent wording and buttons whose
//      text means accept all / reject all / only necessary) — same pass, main frame and child frames,
//      open shadow roots included;
//   3. DuckDuckGo's autoconsent rules (@duckduckgo/autoconsent, ~800 maintained CMP rules, multi-step
//      opt-outs, cross-origin CMP iframes such as Sourcepoint), injected for the rest of the budget.
// Only buttons are clicked, never links that navigate away, never "settings" or "learn more".
// See docs/consent.md.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ElementHandle, Frame, Page } from 'playwright-core';
import { sleep, within } from './time.js';

export interface ConsentBanner {
  detected: boolean;
  method: string | null;
  selector: string | null;
}

export type ConsentAction = 'accept' | 'reject';

const BUDGET_MS = 2000;
const MAX_CHILD_FRAMES = 8;
const NONE: ConsentBanner = { detected: false, method: null, selector: null };

/** One consent management platform: where its banner is, and its one-click accept/reject controls. */
interface CmpRule {
  name: string;
  banner: string[];
  accept: string[];
  reject: string[];
}

export const KNOWN_CMPS: readonly CmpRule[] = [
  { name: 'onetrust', banner: ['#onetrust-banner-sdk', '#onetrust-pc-sdk'], accept: ['#onetrust-accept-btn-handler', '#accept-recommended-btn-handler'], reject: ['#onetrust-reject-all-handler', '.ot-pc-refuse-all-handler'] },
  { name: 'cookiebot', banner: ['#CybotCookiebotDialog'], accept: ['#CybotCookiebotDialogBodyLevelButtonLevelOptinAllowAll', '#CybotCookiebotDialogBodyButtonAccept'], reject: ['#CybotCookiebotDialogBodyButtonDecline'] },
  { name: 'didomi', banner: ['#didomi-notice', '#didomi-popup .didomi-popup-container'], accept: ['#didomi-notice-agree-button'], reject: ['#didomi-notice-disagree-button', '.didomi-continue-without-agreeing'] },
  { name: 'quantcast', banner: ['#qc-cmp2-ui', '.qc-cmp2-container'], accept: ['#qc-cmp2-ui button[mode="primary"]'], reject: ['#qc-cmp2-ui button[mode="secondary"]'] },
  { name: 'usercentrics', banner: ['[data-testid="uc-default-banner"]', '#uc-center-container', '#usercentrics-cmp-ui'], accept: ['[data-testid="uc-accept-all-button"]', '#usercentrics-cmp-ui #accept'], reject: ['[data-testid="uc-deny-all-button"]', '#usercentrics-cmp-ui #deny'] },
  { name: 'trustarc', banner: ['#truste-consent-track', '#truste-consent-content'], accept: ['#truste-consent-button'], reject: ['#truste-consent-required'] },
  { name: 'osano', banner: ['.osano-cm-dialog'], accept: ['.osano-cm-accept-all', '.osano-cm-accept'], reject: ['.osano-cm-denyAll', '.osano-cm-deny'] },
  { name: 'complianz', banner: ['.cmplz-cookiebanner'], accept: ['.cmplz-cookiebanner .cmplz-accept'], reject: ['.cmplz-cookiebanner .cmplz-deny'] },
  { name: 'cookieyes', banner: ['.cky-consent-container', '#cookie-law-info-bar'], accept: ['.cky-btn-accept', '#cookie_action_close_header'], reject: ['.cky-btn-reject', '#cookie_action_close_header_reject'] },
  { name: 'iubenda', banner: ['#iubenda-cs-banner'], accept: ['.iubenda-cs-accept-btn'], reject: ['.iubenda-cs-reject-btn'] },
  { name: 'klaro', banner: ['.klaro .cookie-notice', '.klaro .cookie-modal'], accept: ['.klaro .cm-btn-accept-all', '.klaro .cm-btn-success'], reject: ['.klaro .cn-decline', '.klaro .cm-btn-decline'] },
  { name: 'termly', banner: ['[data-tid="banner"]', '#termly-code-snippet-support'], accept: ['[data-tid="banner-accept"]'], reject: ['[data-tid="banner-decline"]'] },
  { name: 'axeptio', banner: ['#axeptio_overlay .axeptio_widget', '#axeptio_main_button'], accept: ['#axeptio_btn_acceptAll'], reject: ['#axeptio_btn_dismiss'] },
  { name: 'borlabs', banner: ['#BorlabsCookieBox ._brlbs-box', '.brlbs-cmpnt-dialog'], accept: ['._brlbs-btn-accept-all', '.brlbs-btn-accept-all', '#BorlabsCookieBox a[data-cookie-accept-all]'], reject: ['#BorlabsCookieBox a[data-cookie-refuse]', '.brlbs-btn-accept-only-essential', '._brlbs-refuse-btn a'] },
  { name: 'cookieconsent', banner: ['.cc-window:not(.cc-invisible)'], accept: ['.cc-window .cc-allow', '.cc-window .cc-dismiss'], reject: ['.cc-window .cc-deny'] },
  { name: 'cookiescript', banner: ['#cookiescript_injected'], accept: ['#cookiescript_accept'], reject: ['#cookiescript_reject'] },
  { name: 'hubspot', banner: ['#hs-eu-cookie-confirmation'], accept: ['#hs-eu-confirmation-button'], reject: ['#hs-eu-decline-button'] },
  { name: 'consentmanager', banner: ['#cmpbox'], accept: ['.cmpboxbtnyes'], reject: ['.cmpboxbtnno'] },
  { name: 'google-fundingchoices', banner: ['.fc-consent-root'], accept: ['.fc-cta-consent'], reject: ['.fc-cta-do-not-consent'] },
  { name: 'civic-cookiecontrol', banner: ['#ccc-notify', '#ccc[role="dialog"]'], accept: ['#ccc-notify-accept', '#ccc-recommended-settings'], reject: ['#ccc-notify-reject', '#ccc-reject-settings'] },
  // Sourcepoint and TrustArc's iframe variant render in cross-origin iframes; the container shows the
  // banner, the buttons are left to the child-frame heuristic and to autoconsent.
  { name: 'sourcepoint', banner: ['div[id^="sp_message_container_"]'], accept: [], reject: [] },
  { name: 'trustarc-iframe', banner: ['.truste_overlay', 'iframe[src*="consent-pref.trustarc.com"]'], accept: [], reject: [] },
];

/** Button wording, as case-insensitive regex sources (en, de, fr, es, it, nl, pt). Order of tests: settings, necessary, reject, accept, acknowledge. */
export const CONSENT_WORDS = {
  consent: String.raw`cookie|consent|einwilligung|zustimm|datenschutzeinstellung|privatsphäre|consentement|traceurs|consentimiento|consenso|toestemming|consentimento|gdpr|dsgvo|rgpd|we value your privacy|your privacy choices|privacy (?:settings|preferences)|tracking technolog`,
  settings: String.raw`setting|preference|customi[sz]e|manage|option|more info|learn more|details|choices|\bsave\b|selection|selected|einstellung|anpassen|verwalten|auswahl|speichern|mehr erfahren|weitere informationen|paramètr|parametr|personnalis|gérer|choix|enregistrer|configur|preferencia|personaliz|gestionar|guardar|opcion|impostazioni|gestisci|opzioni|\bsalva\b|instellingen|aanpassen|voorkeur|beheren|opslaan|definiç|preferênc|gerir|gerenciar|opç|salvar|policy|richtlinie|erklärung|impressum|politique|política|informativa`,
  necessary: String.raw`necessary|essential|required|strictly|only functional|notwendig|essenziell|essentiell|erforderlich|nécessaire|necessaire|essentiel|strictement|necesari|esencial|imprescindible|necessari|essenzial|indispensabil|noodzakelijk|functionele|essentiële|necessári|essencia`,
  reject: String.raw`reject|decline|deny|refuse|disagree|do not (?:accept|agree|consent)|don't (?:accept|agree|consent)|no,? thanks|opt[ -]?out|ablehnen|verweigern|nicht (?:zu)?(?:stimmen|akzeptieren|einverstanden)|refuser|je refuse|sans accepter|rechazar|denegar|no acepto|rifiut|non accett|senza accettare|\bnego\b|weiger|afwijzen|niet akkoord|rejeitar|recusar|não aceit|nao aceit`,
  accept: String.raw`accept|agree|allow|consent|\byes\b|akzeptier|zustimm|einverstanden|annehmen|erlauben|zulassen|accepter|j'accepte|autoriser|d'accord|aceptar|acepto|permitir|de acuerdo|accett|consenti|acconsento|accepteer|akkoord|toestaan|aceitar|aceito|concordo`,
  acknowledge: String.raw`^(?:ok(?:ay)?|got it|i understand|understood|verstanden|compris|entendido|ho capito|entendi|begrepen)\b`,
  all: String.raw`\b(?:all|alle|alles|tout|tous|toutes|todo|todos|todas|tutti|tutto|tutte)\b`,
} as const;

/**
 * The in-page finder, as plain JavaScript (a string, so no transpiler helper leaks into the page).
 * Argument: { mode: 'detect' | 'accept' | 'reject', cmps, words, childFrame }.
 * Returns { method, selector, el, desc } or null; `el` is the control to click (click modes).
 */
const FINDER = String.raw`(args) => {
  const mode = args.mode;
  const W = {};
  for (const k in args.words) W[k] = new RegExp(args.words[k], 'i');
  const roots = [];
  const collect = (root, depth) => {
    roots.push(root);
    if (depth > 5) return;
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) collect(el.shadowRoot, depth + 1);
  };
  collect(document, 0);
  const qsa = (sel) => {
    const out = [];
    for (const r of roots) { try { out.push(...r.querySelectorAll(sel)); } catch (e) {} }
    return out;
  };
  const deepQsa = (root, sel) => {
    const out = [...root.querySelectorAll(sel)];
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) out.push(...deepQsa(el.shadowRoot, sel));
    return out;
  };
  const vw = window.innerWidth, vh = window.innerHeight;
  const visible = (el) => {
    if (!el || !el.getBoundingClientRect) return false;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2 || r.bottom <= 0 || r.right <= 0 || r.top >= vh || r.left >= vw) return false;
    if (el.checkVisibility && !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    return true;
  };
  const norm = (s) => String(s || '').replace(/\s+/g, ' ').trim();
  const label = (el) => norm(el.innerText || el.value || el.getAttribute('aria-label') || el.getAttribute('title') || el.textContent).slice(0, 80);
  const classify = (text) => {
    const t = text.toLowerCase().replace(/[.!…:]+$/, '').trim();
    if (!t || t.length > 60) return 'other';
    if (W.settings.test(t)) return 'settings';
    if (W.necessary.test(t)) return 'necessary';
    if (W.reject.test(t)) return W.all.test(t) ? 'reject_all' : 'reject';
    if (W.accept.test(t)) return W.all.test(t) ? 'accept_all' : 'accept';
    if (W.acknowledge.test(t)) return 'acknowledge';
    return 'other';
  };
  const PREFER = {
    accept: ['accept_all', 'accept', 'acknowledge'],
    reject: ['reject_all', 'reject', 'necessary'],
  };
  const navigates = (el) => {
    if (el.tagName !== 'A') return false;
    const href = el.getAttribute('href');
    if (!href || href.startsWith('#') || /^javascript:/i.test(href)) return false;
    try {
      const u = new URL(href, location.href);
      return !(u.origin === location.origin && u.pathname === location.pathname && u.search === location.search);
    } catch (e) { return true; }
  };
  const describe = (el) => {
    let s = el.tagName.toLowerCase();
    if (el.id) s = '#' + CSS.escape(el.id);
    else {
      const tid = el.getAttribute('data-testid');
      const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).filter((c) => c && c.length < 40).slice(0, 2) : [];
      s += cls.map((c) => '.' + CSS.escape(c)).join('') + (tid ? '[data-testid="' + tid + '"]' : '');
    }
    const root = el.getRootNode();
    return root && root.host ? describe(root.host) + ' >> ' + s : s;
  };
  const BUTTONS = 'button, [role="button"], input[type="button"], input[type="submit"], a';
  const buttonsIn = (container) => deepQsa(container, BUTTONS)
    .filter((b) => visible(b) && !navigates(b) && !b.disabled)
    .map((b) => ({ el: b, text: label(b), kind: classify(label(b)) }));
  const pick = (buttons) => {
    for (const kind of PREFER[mode]) {
      const b = buttons.find((x) => x.kind === kind);
      if (b) return b;
    }
    return null;
  };
  const result = (method, container, button) => ({
    method, selector: container ? describe(container) : null,
    el: button ? button.el : null,
    desc: button ? describe(button.el) + ' "' + button.text + '"' : null,
  });

  // 1. Known consent management platforms.
  for (const cmp of args.cmps) {
    const banner = cmp.banner.flatMap(qsa).find(visible) || null;
    const controls = (sels) => sels.flatMap(qsa).filter((b) => visible(b) && !navigates(b))
      .map((b) => ({ el: b, text: label(b), kind: classify(label(b)) }));
    const accept = controls(cmp.accept).filter((b) => !['settings', 'necessary', 'reject', 'reject_all'].includes(b.kind));
    const reject = controls(cmp.reject).filter((b) => !['settings', 'accept', 'accept_all', 'acknowledge'].includes(b.kind));
    if (!banner && !accept.length && !reject.length) continue;
    if (mode === 'detect') return result('cmp:' + cmp.name, banner || (accept[0] || reject[0]).el, null);
    const chosen = (mode === 'accept' ? accept : reject)[0];
    if (chosen) return result('cmp:' + cmp.name, banner, chosen);
  }

  // 2. Heuristic: a dialog, a fixed/sticky layer, or an element named like a cookie banner, that is
  //    visible, speaks of cookies/consent, and holds buttons that accept, reject or acknowledge.
  const candidates = [];
  const seen = new Set();
  let scanned = 0;
  for (const r of roots) {
    for (const el of r.querySelectorAll(r === document ? 'body *' : '*')) {
      if (++scanned > 8000) break;
      const role = el.getAttribute('role');
      let how = null;
      if ((el.tagName === 'DIALOG' && el.open) || role === 'dialog' || role === 'alertdialog' || el.getAttribute('aria-modal') === 'true') how = 'dialog';
      else if (/cookie|consent|gdpr|dsgvo|rgpd/i.test((el.id || '') + ' ' + (typeof el.className === 'string' ? el.className : ''))) how = 'named';
      else {
        const pos = getComputedStyle(el).position;
        if (pos === 'fixed' || pos === 'sticky') how = 'fixed';
      }
      if (how && !seen.has(el)) { seen.add(el); candidates.push({ el, how }); }
    }
  }
  if (args.childFrame && document.body) candidates.push({ el: document.body, how: 'frame' });
  const matches = [];
  for (const c of candidates) {
    if (!visible(c.el)) continue;
    const text = norm(c.el.innerText || c.el.textContent);
    if (text.length < 15 || text.length > 6000 || !W.consent.test(text)) continue;
    const buttons = buttonsIn(c.el);
    if (!buttons.some((b) => PREFER.accept.includes(b.kind) || PREFER.reject.includes(b.kind))) continue;
    matches.push({ c, text, buttons });
  }
  // The innermost match is the banner itself rather than a page-wide wrapper.
  matches.sort((a, b) => a.text.length - b.text.length);
  if (mode === 'detect') return matches.length ? result('heuristic:' + matches[0].c.how, matches[0].c.el, null) : null;
  for (const m of matches) {
    const b = pick(m.buttons);
    if (b) return result('heuristic:' + m.c.how, m.c.el, b);
  }
  return null;
}`;

interface Found {
  method: string;
  selector: string | null;
  desc: string | null;
  el: ElementHandle | null;
}

/** Child frames worth searching: http(s), and visibly large enough to hold a banner. */
async function* visibleChildFrames(page: Page, left: () => number): AsyncGenerator<Frame> {
  for (const frame of page.frames().filter((f) => f.parentFrame() && /^https?:/.test(f.url())).slice(0, MAX_CHILD_FRAMES)) {
    if (left() <= 0) return;
    const box = await within(frame.frameElement().then((h) => h.boundingBox()), Math.min(300, left()), null);
    if (box && box.width >= 50 && box.height >= 30) yield frame;
  }
}

/** Runs the finder in one frame; the element handle is kept only when a control was chosen. */
async function findIn(frame: Frame, mode: 'detect' | ConsentAction, child: boolean, ms: number): Promise<Found | null> {
  const args = { mode, cmps: KNOWN_CMPS, words: CONSENT_WORDS, childFrame: child };
  const handle = await within(frame.evaluateHandle(`(${FINDER})(${JSON.stringify(args)})`), ms, null);
  if (!handle) return null;
  try {
    const props = await within(handle.getProperties(), ms, null);
    if (!props?.get('method')) return null; // the finder returned null
    const text = async (key: string) => ((await within(props.get(key)?.jsonValue() ?? Promise.resolve(null), ms, null)) as string | null) ?? null;
    const info = { method: await text('method'), selector: await text('selector'), desc: await text('desc') };
    if (!info.method) return null;
    const el = info.desc ? props.get('el')?.asElement() ?? null : null;
    return { method: info.method, selector: info.selector, desc: info.desc, el: el as ElementHandle | null };
  } finally {
    handle.dispose().catch(() => {});
  }
}

/** The main frame first, then child frames (CMPs render in iframes too). */
async function findOwn(page: Page, mode: 'detect' | ConsentAction, left: () => number): Promise<Found | null> {
  const usable = (f: Found | null) => !!f && (mode === 'detect' || !!f.el);
  const main = await findIn(page.mainFrame(), mode, false, Math.min(1200, left()));
  if (usable(main)) return main;
  for await (const frame of visibleChildFrames(page, left)) {
    const found = await findIn(frame, mode, true, Math.min(800, left()));
    if (usable(found)) return { ...found!, method: `${found!.method}@iframe` };
  }
  return null;
}

/** A real click (scrolls, waits for the control to take pointer events); a DOM click when something covers it. */
async function press(el: ElementHandle, left: () => number): Promise<boolean> {
  const ok = await within(el.click({ timeout: Math.max(100, Math.min(800, left() - 100)) }).then(() => true), Math.max(150, Math.min(900, left())), false)
    .catch(() => false);
  if (ok) return true;
  return within(el.dispatchEvent('click').then(() => true), Math.max(100, Math.min(400, left())), false).catch(() => false);
}

// ---------------------------------------------------------------------------------------------
// Autoconsent bridge: its Playwright content script talks to us through an exposed binding.

interface AutoconsentRule {
  runContext?: { urlPattern?: string };
}
interface AutoconsentAssets {
  script: string;
  rules: { rule: AutoconsentRule; pattern: RegExp | null }[];
}
let assets: AutoconsentAssets | null | undefined;

/** Loaded once; null when the package is missing, and then the first two layers work alone. */
function autoconsentAssets(): AutoconsentAssets | null {
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
function rulesFor(url: string): AutoconsentRule[] {
  return (autoconsentAssets()?.rules ?? []).filter((r) => !r.pattern || r.pattern.test(url)).map((r) => r.rule);
}

const AUTOCONSENT_CONFIG = {
  enabled: true, disabledCmps: [], enableGeneratedRules: true, detectRetries: 2, isMainWorld: true,
  // Prehiding and cosmetic rules hide banners instead of answering them: never wanted here.
  enablePrehide: false, enableCosmeticRules: false, prehideTimeout: 0,
  enableHeuristicDetection: false, heuristicMode: 'off', enablePopupMutationObserver: false, visualTest: false,
  performanceLoggingEnabled: false,
  logs: { lifecycle: false, rulesteps: false, detectionsteps: false, evals: false, errors: false, messages: false, waits: false },
};

interface AutoconsentMessage {
  type: string;
  cmp?: string;
  result?: boolean;
  id?: string;
  code?: string;
}
interface Bridge {
  messages: AutoconsentMessage[];
  action: 'optIn' | 'optOut' | null;
  ready: Promise<boolean>;
}
const bridges = new WeakMap<Page, Bridge>();

const reply = (frame: Frame, msg: unknown) =>
  frame.evaluate(`window.autoconsentReceiveMessage && window.autoconsentReceiveMessage(${JSON.stringify(msg)})`).catch(() => {});

function bridgeFor(page: Page): Promise<Bridge | null> {
  let b = bridges.get(page);
  if (!b) {
    const bridge: Bridge = { messages: [], action: null, ready: Promise.resolve(false) };
    bridge.ready = page.exposeBinding('autoconsentSendMessage', async ({ frame }: { frame: Frame }, msg: AutoconsentMessage) => {
      if (!msg || typeof msg !== 'object' || typeof msg.type !== 'string') return;
      if (msg.type === 'report') return;
      bridge.messages.push({ type: msg.type, cmp: msg.cmp, result: msg.result });
      if (msg.type === 'init') {
        await reply(frame, { type: 'initResp', config: { ...AUTOCONSENT_CONFIG, autoAction: bridge.action }, rules: { autoconsent: rulesFor(frame.url()) } });
      } else if (msg.type === 'eval' && typeof msg.code === 'string') {
        const result = await frame.evaluate(msg.code).catch(() => false);
        await reply(frame, { type: 'evalResp', id: msg.id, result });
      }
    }).then(() => true, () => false);
    bridges.set(page, bridge);
    b = bridge;
  }
  return b.ready.then((ok) => (ok ? b! : null));
}

/**
 * Starts a fresh autoconsent instance in each frame with the given action and waits for `until`.
 * Gives up early when no CMP is recognised within the first ~900 ms.
 */
async function runAutoconsent(page: Page, action: Bridge['action'], until: (m: AutoconsentMessage) => boolean, left: () => number): Promise<AutoconsentMessage | null> {
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

// ---------------------------------------------------------------------------------------------
// The two entry points.

export async function detectConsentBanner(page: Page): Promise<ConsentBanner> {
  const deadline = Date.now() + BUDGET_MS;
  const left = () => deadline - Date.now();
  try {
    const own = await findOwn(page, 'detect', left);
    if (own) return { detected: true, method: own.method, selector: own.selector };
    const found = await runAutoconsent(page, null, (m) => m.type === 'popupFound', left);
    if (found) return { detected: true, method: `autoconsent:${found.cmp ?? 'unknown'}`, selector: null };
  } catch {
    /* never throws: a failed detection is "not detected" */
  }
  return { ...NONE };
}

export async function clickConsent(page: Page, action: ConsentAction): Promise<{ clicked: string | null }> {
  const deadline = Date.now() + BUDGET_MS;
  const left = () => deadline - Date.now();
  try {
    const own = await findOwn(page, action, left);
    if (own?.el && (await press(own.el, left))) return { clicked: `${own.method} ${own.desc}` };
    const kind = action === 'accept' ? 'optInResult' : 'optOutResult';
    const done = await runAutoconsent(page, action === 'accept' ? 'optIn' : 'optOut', (m) => m.type === kind, left);
    if (done?.result) return { clicked: `autoconsent:${done.cmp ?? 'unknown'} ${action === 'accept' ? 'opt-in' : 'opt-out'}` };
  } catch {
    /* never throws: nothing clicked */
  }
  return { clicked: null };
}
