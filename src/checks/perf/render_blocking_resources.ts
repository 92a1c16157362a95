// Fast: scripts and stylesheets in the head that hold back the first paint (Lighthouse
// "Eliminate render-blocking resources"), reported once for the site with the pages they block,
// and weighed by the delay they would cost a visitor on Lighthouse's mobile network.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { blockingResources } from './support/blocking.js';
import { formatMetric } from './support/metric-check.js';
import { capped, judgedPages, kib, sameOrigin, wireBytes } from './support/requests.js';

// Small third-party files are cheap and usually not the owner's to move; first-party ones always count.
const MIN_THIRD_PARTY_BYTES = 10 * 1024;
// One or two stylesheets are how CSS normally works; more files, or a lot of CSS, delay the first paint.
const MAX_STYLESHEETS = 2;
const MAX_STYLESHEET_BYTES = 100 * 1024;
/**
 * Lighthouse's default mobile network (simulated "slow 4G": 150 ms round trip, 1.6 Mbit/s down). Our
 * own loads run unthrottled on the audit machine's network, so they cannot tell how long a visitor
 * waits for these files; Lighthouse estimates it on this network, and so does this check.
 */
const RTT_MS = 150;
const THROUGHPUT_BYTES_PER_MS = (1.6 * 1024 * 1024) / 8 / 1000;
/** A file from another origin first opens a connection: DNS, TCP and TLS, a round trip each. */
const NEW_CONNECTION_RTTS = 3;
/** Lighthouse scores an opportunity that saves less than 300 ms as passed-ish (0.9; WASTED_MS_FOR_AVERAGE). */
const WARN_FROM_MS = 300;

export const meta: CheckMeta = {
  id: 'perf.render_blocking_resources',
  section: 'fast',
  severity: 'warning',
  title: 'Scripts and stylesheets block the first paint',
  impact: 'The browser shows nothing until these files have downloaded and run, so visitors wait on a blank page.',
  docs: '/docs/checks/perf.render_blocking_resources',
  requires: ['dom', 'requests'],
    optional: ['performance'],
  thresholds: { min_third_party_bytes: MIN_THIRD_PARTY_BYTES, max_stylesheets: MAX_STYLESHEETS, max_stylesheet_bytes: MAX_STYLESHEET_BYTES, warning_from_estimated_ms: WARN_FROM_MS, network: 'slow 4G (150 ms RTT, 1.6 Mbit/s), as Lighthouse mobile' },
};

/**
 * How long the files hold back the first paint on Lighthouse's mobile network: they download in
 * parallel, so the slowest start (a round trip, plus a new connection for another origin) and then
 * their bytes, sharing the bandwidth.
 */
export function estimatedDelayMs(files: readonly { bytes: number; sameOrigin: boolean }[]): number {
  if (!files.length) return 0;
  const start = Math.max(...files.map((f) => (f.sameOrigin ? 1 : 1 + NEW_CONNECTION_RTTS) * RTT_MS));
  const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
  return Math.round(start + bytes / THROUGHPUT_BYTES_PER_MS);
}

interface Resource {
  url: string;
  kind: string;
  kib: number;
  first_party: boolean;
  pages: number;
}

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const resources = new Map<string, Resource>();
  const pages: { url: string; scripts: number; stylesheets: number; blocking_kib: number; estimated_delay_ms: number }[] = [];
  for (const page of judgedPages(evidence, views)) {
    const counted = blockingResources(page, evidence.conditions.viewport.width).filter((b) => {
      const bytes = wireBytes(b.request) ?? 0;
      return views.isFirstParty(b.url) || bytes >= MIN_THIRD_PARTY_BYTES;
    });
    const scripts = counted.filter((b) => b.kind === 'script');
    const sheets = counted.filter((b) => b.kind === 'stylesheet');
    const sheetBytes = sheets.reduce((sum, b) => sum + (wireBytes(b.request) ?? 0), 0);
    const cssHeavy = sheets.length > MAX_STYLESHEETS || sheetBytes > MAX_STYLESHEET_BYTES;
    if (!scripts.length && !cssHeavy) continue;
    // Once a page is held back, every resource it waits for is part of the delay, stylesheets included.
    const origin = new URL(page.final_url).origin;
    pages.push({
      url: page.final_url,
      scripts: scripts.length,
      stylesheets: sheets.length,
      blocking_kib: kib(counted.reduce((sum, b) => sum + (wireBytes(b.request) ?? 0), 0)),
      estimated_delay_ms: estimatedDelayMs(counted.map((b) => ({ bytes: wireBytes(b.request) ?? 0, sameOrigin: sameOrigin(b.url, origin) }))),
    });
    for (const b of counted) {
      const prev = resources.get(b.url);
      if (prev) prev.pages++;
      else resources.set(b.url, { url: b.url, kind: b.kind, kib: kib(wireBytes(b.request) ?? 0), first_party: views.isFirstParty(b.url), pages: 1 });
    }
  }
  if (!pages.length) return [];
  const list = [...resources.values()].sort((a, b) => b.pages - a.pages || b.kib - a.kib || (a.url < b.url ? -1 : 1));
  const scriptCount = list.filter((r) => r.kind === 'script').length;
  const sheetCount = list.length - scriptCount;
  const worst = Math.max(...pages.map((p) => p.estimated_delay_ms));
  // The site's distinct files can outnumber what any one page loads (each article of a pkgdown site vendors
  // its own copy of the same libraries): then the title gives what the page waiting for the most files waits for.
  const most = pages.reduce((a, b) => (b.scripts + b.stylesheets > a.scripts + a.stylesheets ? b : a));
  const perPage = most.scripts < scriptCount || most.stylesheets < sheetCount;
  const [scripts, sheets] = perPage ? [most.scripts, most.stylesheets] : [scriptCount, sheetCount];
  const worstPages = [...pages].sort((a, b) => b.estimated_delay_ms - a.estimated_delay_ms);
  return [
    {
      page: pages.length === 1 ? pages[0]!.url : undefined,
      // One finding for the site: its identity never moves with the estimate's unit (ms or s).
      subject: 'render-blocking files',
      // A delay Lighthouse would call small (under 300 ms on its mobile network) is worth knowing, not a warning.
      ...(worst < WARN_FROM_MS ? { severity: 'info' as const } : {}),
      title: `${perPage ? 'Up to ' : ''}${files(scripts, sheets)}${perPage ? ' per page' : ''} ${scripts + sheets === 1 ? 'delays' : 'delay'} the first paint on ${pages.length} page${pages.length === 1 ? '' : 's'} (about ${formatMetric(worst, 'ms')} on a mobile network)`,
      evidence: { estimated_delay_ms: worst, ...capped('resources', list), ...capped('pages', worstPages) },
    },
  ];
}

/** "2 blocking scripts and 1 blocking stylesheet", leaving out a kind there is none of (when the other is there). */
function files(scripts: number, sheets: number): string {
  const s = `${scripts} blocking script${scripts === 1 ? '' : 's'}`;
  const c = `${sheets} blocking stylesheet${sheets === 1 ? '' : 's'}`;
  return !sheets && scripts ? s : !scripts && sheets ? c : `${s} and ${c}`;
}

export const check: Check = { meta, run };
