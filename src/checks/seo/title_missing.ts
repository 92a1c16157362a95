// Found: pages without a <title> (or with an empty one).
import type { EvidenceBundle } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { indexablePages } from './support/html_pages.js';
import { leftoverIn } from './support/leftovers.js';
import { pagesWord, siteFinding } from './support/site_finding.js';

export const meta: CheckMeta = {
  id: 'seo.title_missing',
  section: 'found',
  severity: 'warning',
  title: 'Page has no title',
  impact: 'Search results show the title as the clickable headline; without one, search engines invent it and fewer people click.',
  docs: '/docs/checks/seo.title_missing',
  requires: ['dom', 'headers'],
    optional: ['html'],
};

/**
 * Titles a tool or template writes until someone writes the real one: an editor's HTML boilerplate
 * (`Document`, `Untitled Document`), a framework's starter (`React App`, `Vite App`, `Create Next App`),
 * a file name (`index`), a server's welcome page. Google's title-link guidance names "Untitled" and
 * "New Page 1" as titles to avoid: a search result shows the placeholder as the page's headline.
 */
const PLACEHOLDER = /^(?:document|untitled(?: document| page)?|new page(?: \d+)?|page title|title|your title here|site title|title of the document|index(?:\.html?)?|react app|vite app|vite \+ (?:react|vue|preact|svelte|lit)(?: \+ ts)?|vue app|create next app|nuxt app|svelte app|welcome to nginx!?|apache2 (?:debian|ubuntu) default page(?:: it works)?|it works!?|lorem ipsum(?: dolor sit amet)?|my site|my new hugo site|your awesome title|markdown page example|hello from docusaurus|my blog title|site name)$/i;
/** A title whose own part is empty: only a separator and the site's name ("· Congo", "| Acme"). */
const NOTHING_BEFORE_SEPARATOR = /^[\s]*[·|•\-–—:»›~]\s*\S/;

export function isPlaceholderTitle(title: string): boolean {
  const flat = title.replace(/\s+/g, ' ').trim();
  return PLACEHOLDER.test(flat) || NOTHING_BEFORE_SEPARATOR.test(flat);
}

/** A title this check reports as a placeholder: a template's default, or an unfilled template variable. */
export function isUnwrittenTitle(title: string | null): boolean {
  return isPlaceholderTitle(title ?? '') || leftoverIn(title) !== null;
}

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const pages = indexablePages(evidence);
  const missing = pages
    .filter((p) => !(p.title ?? '').trim())
    .map((p) => ({ url: p.final_url, title: p.title }));
  const placeholders = pages
    .filter((p) => isUnwrittenTitle(p.title))
    .map((p) => ({ url: p.final_url, title: p.title }));
  return [
    ...siteFinding(missing, (n) => `${pagesWord(n)} without a <title>`),
    ...siteFinding(placeholders, (n) => `${pagesWord(n)} titled with a placeholder (“${placeholders[0]!.title!.trim()}”)`, {}, 'warning'),
  ];
}

export const check: Check = { meta, run };
