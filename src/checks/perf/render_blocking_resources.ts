// Fast: scripts and stylesheets in the head that hold back the first paint (Lighthouse
// "Eliminate render-blocking resources"), reported once for the site with the pages they block.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { blockingResources } from './support/blocking.js';
import { capped, judgedPages, kib, wireBytes } from './support/requests.js';

// Small third-party files are cheap and usually not the owner's to move; first-party ones always count.
const MIN_THIRD_PARTY_BYTES = 10 * 1024;
// One or two stylesheets are how CSS normally works; more files, or a lot of CSS, delay the first paint.
const MAX_STYLESHEETS = 2;
const MAX_STYLESHEET_BYTES = 100 * 1024;

export const meta: CheckMeta = {
  id: 'perf.render_blocking_resources',
  section: 'fast',
  severity: 'warning',
  title: 'Scripts and stylesheets block the first paint',
  impact: 'The browser shows nothing until these files have downloaded and run, so visitors wait on a blank page.',
  docs: '/docs/checks/perf.render_blocking_resources',
  requires: ['dom', 'requests'],
    optional: ['performance'],
  thresholds: { min_third_party_bytes: MIN_THIRD_PARTY_BYTES, max_stylesheets: MAX_STYLESHEETS, max_stylesheet_bytes: MAX_STYLESHEET_BYTES },
};

interface Resource {
  url: string;
  kind: string;
  kib: number;
  first_party: boolean;
  pages: number;
}

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const resources = new Map<string, Resource>();
  const pages: { url: string; scripts: number; stylesheets: number; blocking_kib: number }[] = [];
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
    pages.push({
      url: page.final_url,
      scripts: scripts.length,
      stylesheets: sheets.length,
      blocking_kib: kib(counted.reduce((sum, b) => sum + (wireBytes(b.request) ?? 0), 0)),
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
  return [
    {
      page: pages.length === 1 ? pages[0]!.url : undefined,
      title: `${scriptCount} blocking script${scriptCount === 1 ? '' : 's'} and ${sheetCount} blocking stylesheet${sheetCount === 1 ? '' : 's'} delay the first paint on ${pages.length} page${pages.length === 1 ? '' : 's'}`,
      evidence: { ...capped('resources', list), ...capped('pages', pages) },
    },
  ];
}

export const check: Check = { meta, run };
