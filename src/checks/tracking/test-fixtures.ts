// Builders of measurement evidence for the tracking and privacy check tests: real tag and hit URLs,
// cookies and consent loads, on top of the neutral builders in ../test-support.ts.
import type { ConsentEvidence, ConsentLoad, CookieRecord, PageEvidence, RequestRecord } from '../../evidence/types.js';
import { makeDom, makePage, makeRequest } from '../test-support.js';

export const SITE = 'https://example.com';

export function script(url: string, over: Partial<RequestRecord> = {}): RequestRecord {
  return makeRequest({ url, resource_type: 'script', ...over });
}

/** A hit as capture records it: answered locally with 204. */
export function hit(url: string, over: Partial<RequestRecord> = {}): RequestRecord {
  return makeRequest({ url, resource_type: 'ping', method: 'POST', status: 204, beacon_stubbed: true, body_bytes: 0, ...over });
}

export const gtag = (id = 'G-ABC123') => script(`https://www.googletagmanager.com/gtag/js?id=${id}`);
export const gtm = (id = 'GTM-ABCD12') => script(`https://www.googletagmanager.com/gtm.js?id=${id}`);

export function ga4Hit(page: string, opts: { id?: string; en?: string; gcs?: string } = {}, over: Partial<RequestRecord> = {}): RequestRecord {
  const q = new URLSearchParams({ v: '2', tid: opts.id ?? 'G-ABC123', gtm: '45je', _p: '1', cid: '1.2', en: opts.en ?? 'page_view', dl: page });
  if (opts.gcs) q.set('gcs', opts.gcs);
  return hit(`https://region1.google-analytics.com/g/collect?${q}`, over);
}

export const fbevents = () => script('https://connect.facebook.net/en_US/fbevents.js');
export const metaHit = (page: string, id = '1234567890') =>
  hit(`https://www.facebook.com/tr/?id=${id}&ev=PageView&dl=${encodeURIComponent(page)}&rl=&if=false`, { resource_type: 'image', method: 'GET' });

export function cookie(name: string, domain = '.example.com'): CookieRecord {
  return { name, domain, path: '/', secure: true, http_only: false, same_site: 'Lax', expires: -1, value_length: 20 };
}

/** A crawled HTML page whose DOM lists its script requests (as the DOM facts capture does). */
export function page(path: string, requests: RequestRecord[], over: Partial<PageEvidence> = {}): PageEvidence {
  const url = `${SITE}${path}`;
  const scripts = requests.filter((r) => r.resource_type === 'script').map((r) => ({ src: r.url, async: true, defer: false, type: null, in_head: true }));
  return makePage({ url, depth: path === '/' ? 0 : 1, region: path === '/' ? 'start' : 'nav', requests, dom: makeDom({ scripts }), ...over });
}

export function load(mode: ConsentLoad['mode'], over: Partial<ConsentLoad> = {}): ConsentLoad {
  return { mode, url: `${SITE}/`, action_taken: true, clicked: mode === 'none' ? null : `#${mode}`, requests: [], cookies: [], globals: [], error: null, ...over };
}

/** The consent matrix: banner found (or not) and the loads given. */
export function consent(banner: boolean, loads: ConsentLoad[]): ConsentEvidence {
  return {
    banner: { detected: banner, method: banner ? 'cmp:onetrust' : null, selector: banner ? '#onetrust-banner-sdk' : null },
    loads,
  };
}

/** The accept load: the click's aftermath, then a reload (a navigation request) and its page view. */
export function afterReload(requests: RequestRecord[]): RequestRecord[] {
  return [
    makeRequest({ url: `${SITE}/`, resource_type: 'document', is_navigation: true, start_ms: 1000 }),
    ...requests.map((r) => ({ ...r, start_ms: Math.max(r.start_ms, 1100) })),
  ];
}
