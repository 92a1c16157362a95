import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './broken_fragment.js';

const page = (path: string, missing: { fragment: string; selector: string; text: string }[], status = 200) =>
  makePage({ url: `https://docs.example.org${path}`, final_url: `https://docs.example.org${path}`, status, dom: makeDom({ missing_fragments: missing }) });
const toc = { fragment: 'installation', selector: 'nav.toc > a:nth-of-type(2)', text: 'Installation' };

describe('links.broken_fragment', () => {
  it('passes a realistic site and pages without missing fragments', () => {
    expect(findingsOf(check, realisticSite())).toEqual([]);
    expect(findingsOf(check, makeBundle({ pages: [page('/', [])] }))).toEqual([]);
  });

  it("reports a template's broken table-of-contents link once, listing its pages, as a warning", () => {
    const bundle = makeBundle({ pages: [page('/guide/', [toc]), page('/api/', [toc, { fragment: 'id6', selector: 'p > a', text: 'pywt.Wavelet_' }])] });
    const [f, ...rest] = findingsOf(check, bundle);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ check_id: 'links.broken_fragment', section: 'works', severity: 'warning', title: '2 links to a part of the page that does not exist (#installation, #id6)' });
    expect(f!.evidence).toMatchObject({ links: [{ fragment: '#installation', pages: ['https://docs.example.org/guide/', 'https://docs.example.org/api/'] }, { fragment: '#id6', text: 'pywt.Wavelet_' }], pages_total: 2 });
  });

  it('does not judge an error page', () => {
    expect(findingsOf(check, makeBundle({ pages: [page('/gone/', [toc], 404)] }))).toEqual([]);
  });
});
