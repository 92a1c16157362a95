import { describe, expect, it } from 'vitest';
import { makeRequest } from '../checks/test-support.js';
import { refusedMeasurementNote } from './measurement-note.js';

const GA4_HIT = 'https://region1.google-analytics.com/g/collect?v=2&tid=G-ABC123&en=page_view&dl=https%3A%2F%2Fexample.com%2F';
const refused = (url: string, reason: 'guard' | 'guard_private' | 'dns' = 'guard') =>
  makeRequest({ url, resource_type: 'script', status: null, blocked: true, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', failure_reason: reason });

const on = (url: string, ...requests: ReturnType<typeof makeRequest>[]) => ({ url, requests });

describe('refusedMeasurementNote', () => {
  it('says nothing when no measurement request was refused by policy', () => {
    expect(refusedMeasurementNote([on('https://example.com/', makeRequest({ url: GA4_HIT, beacon_stubbed: true, status: 204 }), refused('https://cdn.example.net/app.js'))], true)).toBeNull();
    // A tag host that does not resolve is the site's own fact (the tracking checks judge it), not the guard's policy.
    expect(refusedMeasurementNote([on('https://example.com/', refused('https://www.googletagmanager.com/gtag/js?id=G-ABC123', 'dns'))], true)).toBeNull();
  });

  it('says that refused hits count as firing but were not verified, and that refused tag scripts are not judged', () => {
    expect(refusedMeasurementNote([on('https://example.com/', refused(GA4_HIT))], true)).toBe(
      "Analytics hits (Google Analytics 4) on 1 page were refused by the audit's URL guard, because this installation reaches only the hosts in QA_URL_ALLOWLIST (QA_URL_ALLOWLIST_ONLY): the tags count as firing, but that their hits are delivered was not verified.",
    );
    // A consent load of a crawled page is the same page.
    const note = refusedMeasurementNote([
      on('https://example.com/', refused(GA4_HIT), refused('https://www.googletagmanager.com/gtag/js?id=G-ABC123', 'guard_private')),
      on('https://example.com/b', refused(GA4_HIT)),
      on('https://example.com/', refused(GA4_HIT)),
    ], false);
    expect(note).toBe(
      "Analytics hits (Google Analytics 4) on 2 pages were refused by the audit's URL guard, because their hosts are on private addresses: the tags count as firing, but that their hits are delivered was not verified; " +
        'tag scripts (Google Analytics 4) on 1 page were refused too: whether those tags run was not verified, and no check counts it against the site.',
    );
  });
});
