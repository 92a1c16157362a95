import { describe, expect, it } from 'vitest';
import type { MissingPageProbe } from '../../evidence/types.js';
import { findingsOf, makeBundle, outcomeOf } from '../test-support.js';
import { realisticSite } from './support/realistic_site.js';
import { check } from './missing_page_status.js';

const PROBE = 'https://shop.example/siteqa-missing-page-0a1b2c3d4e5f';
const probe = (over: Partial<MissingPageProbe>): MissingPageProbe => ({
  url: PROBE, status: 404, final_url: PROBE, redirects: 0, content_type: 'text/html', title: 'Not found', error: null, ...over,
});
const withProbe = (p: MissingPageProbe | null | undefined) => makeBundle({ site: { ...makeBundle().site, missing_page_probe: p } });

describe('http.missing_page_status', () => {
  const valid = [
    ['a realistic healthy site (404)', realisticSite()],
    ['410 Gone', withProbe(probe({ status: 410 }))],
    ['a redirect to a 404 page', withProbe(probe({ status: 404, final_url: 'https://shop.example/404', redirects: 1 }))],
    ['an auth wall (401)', withProbe(probe({ status: 401 }))],
    ['a login redirect answering 403', withProbe(probe({ status: 403, final_url: 'https://shop.example/login', redirects: 1 }))],
    ['a server error (reported by other checks, not a soft 404)', withProbe(probe({ status: 500 }))],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('is not applicable without a probe (older evidence, start page not loaded) or without an answer', () => {
    expect(outcomeOf(check, withProbe(undefined))).toBe('not_applicable');
    expect(outcomeOf(check, withProbe(null))).toBe('not_applicable');
    expect(outcomeOf(check, withProbe(probe({ status: null, final_url: null, error: 'timeout after 8000 ms' })))).toBe('not_applicable');
  });

  const invalid = [
    ['a single-page app answering every path with its shell (200)', probe({ status: 200, title: 'Shop' }), 'A missing page answers 200 instead of 404'],
    ['a redirect of every missing page to the home page', probe({ status: 200, final_url: 'https://shop.example/', redirects: 1 }), 'A missing page redirects to / and answers 200'],
    ['a "not found" page served with 200', probe({ status: 200, title: 'Page not found' }), 'A missing page answers 200 instead of 404'],
    ['204 No Content', probe({ status: 204, content_type: null, title: null }), 'A missing page answers 204 instead of 404'],
  ] as const;
  it.each(invalid)('flags %s', (_name, p, title) => {
    const [f, ...rest] = findingsOf(check, withProbe(p));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', section: 'works', title });
    expect(f!.evidence).toMatchObject({ probe_url: PROBE, status: p.status, final_url: p.final_url });
  });
});
