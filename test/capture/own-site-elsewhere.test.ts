// A copy of a site (staging, a preview, a local build) whose links are absolute to its production
// address: the crawl stays on the audited host and visits one page. The notes say why, shaped like a
// Hugo build (hugo-book: og:url and every menu link on the production host, no canonical).
import { describe, expect, it } from 'vitest';
import { ownSiteElsewhereNote } from '../../src/capture/coverage.js';
import type { LinkFact, PageEvidence } from '../../src/evidence/types.js';
import { makeDom, makePage } from '../../src/checks/test-support.js';

const link = (href: string): LinkFact => ({ href, text: 'x', rel: null, region: 'nav', nofollow: false });
const ogUrl = (content: string) => ({ name: null, property: 'og:url', http_equiv: null, content });
const HOST = '127.0.0.1:4432';
const start = `http://${HOST}/labathome.de/`;

const hugoCopy = (over: { canonical?: string[]; meta?: ReturnType<typeof ogUrl>[]; links?: LinkFact[] } = {}): PageEvidence[] => [
  makePage({
    url: start,
    dom: makeDom({
      canonical: over.canonical ?? [],
      meta: over.meta ?? [ogUrl('https://jonathanschilling.github.io/labathome.de/')],
      links: over.links ?? [
        link('https://jonathanschilling.github.io/labathome.de/en/'),
        link('https://jonathanschilling.github.io/labathome.de/about/'),
        link('https://jonathanschilling.github.io/labathome.de/physics/TVP250/'),
        link('https://jonathanschilling.github.io/labathome.de/about/#team'),
        link('https://github.com/jonathanschilling/labathome.de/commit/b41b27a'),
      ],
    }),
  }),
];

describe('ownSiteElsewhereNote', () => {
  it('names the production host, the pages linked there and what was audited', () => {
    expect(ownSiteElsewhereNote(hugoCopy(), HOST)).toBe(
      'The pages name jonathanschilling.github.io as their address (canonical or og:url) and link to 3 pages there: siteqa audits 127.0.0.1:4432 only, so those pages were not visited (1 page audited). To audit the whole site, start at its address on jonathanschilling.github.io',
    );
  });

  const silent: [string, PageEvidence[]][] = [
    ['the address is the audited host', hugoCopy({ meta: [ogUrl(start)], links: [link(`http://${HOST}/labathome.de/en/`), link(`http://${HOST}/labathome.de/about/`)] })],
    ['the address names another host but no link goes there (a template placeholder)', hugoCopy({ meta: [ogUrl('https://your-docusaurus-test-site.com/')], links: [link(`http://${HOST}/a/`), link(`http://${HOST}/b/`)] })],
    ['one "see the live site" link is not the navigation', hugoCopy({ links: [link('https://jonathanschilling.github.io/labathome.de/'), link(`http://${HOST}/labathome.de/en/`)] })],
    ['links to another site the page does not name as its address', hugoCopy({ meta: [], links: [link('https://github.com/a'), link('https://github.com/b'), link('https://github.com/c')] })],
    ['no page was read', [makePage({ url: start, status: null, dom: null })]],
  ];
  it.each(silent)('says nothing when %s', (_name, pages) => {
    expect(ownSiteElsewhereNote(pages, HOST)).toBeNull();
  });

  it('reads a canonical as well as og:url', () => {
    const note = ownSiteElsewhereNote(hugoCopy({ meta: [], canonical: ['https://www.example.org/docs/'], links: [link('https://www.example.org/docs/a'), link('https://www.example.org/docs/b')] }), HOST);
    expect(note).toContain('name www.example.org as their address');
    expect(note).toContain('link to 2 pages there');
  });
});
