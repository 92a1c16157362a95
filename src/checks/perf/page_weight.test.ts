import { describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../evidence/types.js';
import { findingsOf, makeBundle, makePage, makeRequest } from '../test-support.js';
import { check } from './page_weight.js';

const KiB = 1024;
const doc = (url: string, bytes: number) => makeRequest({ url, resource_type: 'document', is_navigation: true, transfer_bytes: bytes });
const weighing = (path: string, kib: number, extra: RequestRecord[] = []) => {
  const url = `https://example.com${path}`;
  return makePage({ url, depth: path === '/' ? 0 : 1, requests: [doc(url, 30 * KiB), makeRequest({ url: `${url}hero.jpg`, resource_type: 'image', transfer_bytes: kib * KiB - 30 * KiB }), ...extra] });
};

describe('perf.page_weight', () => {
  it('passes pages at or under 2,667 KiB', () => {
    expect(findingsOf(check, makeBundle({ pages: [weighing('/', 2667)] }))).toEqual([]);
  });

  it('flags a page over 2,667 KiB as a warning and over 4,000 KiB as critical, with its largest requests', () => {
    const [w] = findingsOf(check, makeBundle({ pages: [weighing('/', 3000)] }));
    expect(w).toMatchObject({ check_id: 'perf.page_weight', severity: 'warning' });
    expect(w!.evidence).toMatchObject({ p75_kib: 3000, rating: 'needs-improvement', pages_total: 1 });
    const [page] = w!.evidence!.pages as { kib: number; requests: number; largest: { url: string }[] }[];
    expect(page).toMatchObject({ kib: 3000, requests: 2 });
    expect(page!.largest[0]!.url).toBe('https://example.com/hero.jpg');
    const [c] = findingsOf(check, makeBundle({ pages: [weighing('/', 4100)] }));
    expect(c!.severity).toBe('critical');
  });

  it('does not count beacons we stubbed, requests our guard blocked, failures or data: URLs', () => {
    const noise = [
      makeRequest({ url: 'https://www.google-analytics.com/g/collect', beacon_stubbed: true, transfer_bytes: 5000 * KiB }),
      makeRequest({ url: 'https://10.0.0.1/x.js', blocked: true, status: null, failure: 'net::ERR_FAILED', transfer_bytes: 5000 * KiB }),
      makeRequest({ url: 'https://example.com/aborted.mp4', status: null, failure: 'net::ERR_ABORTED', transfer_bytes: 5000 * KiB }),
      makeRequest({ url: 'data:image/png;base64,AAAA', transfer_bytes: 5000 * KiB }),
    ];
    expect(findingsOf(check, makeBundle({ pages: [weighing('/', 1000, noise)] }))).toEqual([]);
  });

  it('counts a file the page fetches again once, as a visitor\'s cache would serve it (unless it forbids storing it)', () => {
    // Shaped like a Docsy page whose diagram script fetches each PNG again by XHR.
    const png = (type: string, cacheControl?: string) => makeRequest({ url: 'https://example.com/img/architecture.png', resource_type: type, transfer_bytes: 1800 * KiB, ...(cacheControl ? { response_headers: { 'cache-control': cacheControl } } : {}) });
    expect(findingsOf(check, makeBundle({ pages: [weighing('/', 500, [png('image'), png('xhr')])] }))).toEqual([]);
    const [again] = findingsOf(check, makeBundle({ pages: [weighing('/', 500, [png('image', 'no-store'), png('xhr', 'no-store')])] }));
    expect(again!.evidence).toMatchObject({ p75_kib: 4100 });
    // A POST to an API is sent and answered each time.
    const post = () => makeRequest({ url: 'https://example.com/graphql', method: 'POST', resource_type: 'fetch', transfer_bytes: 1800 * KiB });
    expect(findingsOf(check, makeBundle({ pages: [weighing('/', 500, [post(), post()])] }))[0]!.evidence).toMatchObject({ p75_kib: 4100 });
  });

  it('reports one very heavy page among light pages as a warning, not critical', () => {
    const pages = [weighing('/', 800), weighing('/a/', 900), weighing('/huge/', 5200), weighing('/b/', 700), weighing('/c/', 850)];
    const [f] = findingsOf(check, makeBundle({ pages }));
    expect(f!.severity).toBe('warning');
    expect(f!.evidence).toMatchObject({ page: 'https://example.com/huge/', rating: 'good', pages_total: 1 });
    expect(f!.title).toContain('1 of 5 pages exceed');
  });

  it('is critical when most pages are over 4,000 KiB', () => {
    const pages = [weighing('/', 4500), weighing('/a/', 5000), weighing('/b/', 900)];
    expect(findingsOf(check, makeBundle({ pages }))[0]!.severity).toBe('critical');
  });

  it('passes a realistic clean site', () => {
    const pages = [weighing('/', 1200), weighing('/about/', 900), weighing('/blog/', 1500)];
    expect(findingsOf(check, makeBundle({ pages }))).toEqual([]);
  });
});
