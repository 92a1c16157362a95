import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './canonical_host_mismatch.js';

const page = (url: string, canonical: string[]) => makePage({ url, depth: url.endsWith('/') ? 0 : 1, title: url, dom: makeDom({ canonical }) });

describe('seo.canonical_host_mismatch', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['a canonical on the same host, other scheme and port aside', makeBundle({ pages: [page('https://example.com/', ['https://example.com/'])] })],
    ['no canonical', makeBundle({ pages: [page('https://example.com/', [])] })],
    ['conflicting canonicals (seo.canonical_conflict reports them)', makeBundle({ pages: [page('https://example.com/', ['https://a.net/', 'https://b.net/'])] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('flags a canonical on another site, one finding per canonical host', () => {
    const pages = [page('https://example.com/', ['https://staging.example-dev.net/']), page('https://example.com/a', ['https://staging.example-dev.net/a'])];
    const [f, ...rest] = findingsOf(check, makeBundle({ pages }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ check_id: 'seo.canonical_host_mismatch', severity: 'warning' });
    expect(f!.evidence).toMatchObject({
      page_host: 'example.com',
      canonical_host: 'staging.example-dev.net',
      relation: 'other_site',
      pages_total: 2,
      pages: [{ url: 'https://example.com/', canonical: 'https://staging.example-dev.net/' }, { url: 'https://example.com/a' }],
    });
  });

  it('flags www versus the bare domain too, labelled as the same site', () => {
    const [f] = findingsOf(check, makeBundle({ pages: [page('https://example.com/', ['https://www.example.com/'])] }));
    expect(f).toMatchObject({ severity: 'warning' });
    expect(f!.evidence).toMatchObject({ relation: 'same_site_other_host', canonical_host: 'www.example.com' });
  });

  it('only informs when the audited host is a copy (local, a platform preview, staging) naming production as canonical', () => {
    for (const [host, kind] of [['127.0.0.1:8080', 'local'], ['deploy-preview-42--acme.netlify.app', 'platform'], ['staging.acme.com', 'staging']] as const) {
      const [f, ...rest] = findingsOf(check, makeBundle({ pages: [page(`http://${host}/`, ['https://www.acme.com/']), page(`http://${host}/a`, ['https://www.acme.com/a'])] }));
      expect(rest).toEqual([]);
      expect(f).toMatchObject({ severity: 'info', evidence: { page_host_kind: kind, canonical_host: 'www.acme.com' } });
      expect(f!.title).toMatch(/right for a copy/);
    }
    // A site whose address is a platform's (owner.github.io), copied locally, names production too.
    expect(findingsOf(check, makeBundle({ pages: [page('http://127.0.0.1:4870/immer/', ['https://immerjs.github.io/immer/'])] }))[0]).toMatchObject({ severity: 'info' });
    // Production naming a copy stays a warning, and so does one copy naming another, or a placeholder.
    for (const placeholder of ['https://your-docusaurus-test-site.com/', 'https://example.org/', 'https://other.example/', 'https://www.yourdomain.com/']) {
      expect(findingsOf(check, makeBundle({ pages: [page('http://127.0.0.1:8080/', [placeholder])] }))[0]).toMatchObject({ severity: 'warning' });
    }
    expect(findingsOf(check, makeBundle({ pages: [page('https://www.acme.com/', ['https://acme.vercel.app/'])] }))[0]).toMatchObject({ severity: 'warning' });
    expect(findingsOf(check, makeBundle({ pages: [page('https://staging.acme.com/', ['https://dev.acme.com/'])] }))[0]).toMatchObject({ severity: 'warning' });
  });
});
