// Found: JSON-LD structured data blocks that do not parse, or lack @context or @type.
import type { EvidenceBundle } from '../../evidence/types.js';
import { clip } from '../http/support/lists.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { htmlPages } from './support/html_pages.js';
import { pagesWord, siteFinding } from './support/site_finding.js';

export const meta: CheckMeta = {
  id: 'seo.structured_data_invalid',
  section: 'found',
  severity: 'warning',
  title: 'Invalid JSON-LD structured data',
  impact: 'Search engines skip structured data they cannot parse or type, so the page loses rich results (stars, prices, breadcrumbs, events).',
  docs: '/docs/checks/seo.structured_data_invalid',
  requires: ['dom', 'headers'],
  thresholds: { requires: 'valid JSON with @context and @type (or @graph)' },
};

/** Problems of one parsed JSON-LD document (JSON-LD 1.1 §4 and Google's structured data rules). */
function problemsOf(doc: unknown): string[] {
  const items = Array.isArray(doc) ? doc : [doc];
  if (!items.length) return ['the block is an empty array'];
  const problems: string[] = [];
  items.forEach((item, i) => {
    const where = items.length > 1 ? `item ${i + 1}: ` : '';
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push(`${where}not a JSON object`);
      return;
    }
    const node = item as Record<string, unknown>;
    // Without @context the terms ("name", "Product") mean nothing; schema.org is the usual context.
    if (node['@context'] === undefined || node['@context'] === '' || node['@context'] === null) problems.push(`${where}no @context`);
    // A node needs @type to be a thing of any kind; a @graph holds typed nodes instead.
    if (node['@type'] === undefined && node['@graph'] === undefined) problems.push(`${where}no @type (and no @graph)`);
  });
  return problems;
}

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const bad: { url: string; block: number; problem: string; snippet: string }[] = [];
  for (const page of htmlPages(evidence)) {
    page.dom.json_ld.forEach((text, index) => {
      if (!text.trim()) return; // an empty script element describes nothing and breaks nothing
      let doc: unknown;
      try {
        doc = JSON.parse(text);
      } catch (err) {
        bad.push({ url: page.final_url, block: index + 1, problem: `does not parse: ${(err as Error).message}`, snippet: clip(text, 160) });
        return;
      }
      const problems = problemsOf(doc);
      if (problems.length) bad.push({ url: page.final_url, block: index + 1, problem: problems.join('; '), snippet: clip(text, 160) });
    });
  }
  const pages = new Set(bad.map((b) => b.url)).size;
  return siteFinding(bad, (n) => `${n} JSON-LD block(s) on ${pagesWord(pages)} cannot be used`);
}

export const check: Check = { meta, run };
