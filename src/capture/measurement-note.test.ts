import { describe, expect, it } from 'vitest';
import { makeRequest } from '../checks/test-support.js';
import { refusedMeasurementNote } from './measurement-note.js';

const GA4_HIT = 'https://region1.google-analytics.com/g/collect?v=2&tid=G-ABC123&en=page_view&dl=https%3A%2F%2Fexample.com%2F';
const refused = (url: string, reason: 'guard' | 'guard_private' | 'dns' = 'guard') =>
  makeRequest({ url, resource_type: 'script', status: null, blocked: true, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', failure_reason: reason });

describe('refusedMeasurementNote', () => {
  it('says nothing when no measurement request was refused by policy', () => {
    expect(refusedMeasurementNote([makeRequest({ url: GA4_HIT, beacon_stubbed: true, status: 204 }), refused('https://cdn.example.net/app.js')], true)).toBeNull();
    // A tag host that does not resolve is the site's own fact (the tracking checks judge it), not the guard's policy.
    expect(refusedMeasurementNote([refused('https://www.googletagmanager.com/gtag/js?id=G-ABC123', 'dns')], true)).toBeNull();
  });

  it('says that refused hits count as firing but were not verified, and that refused tag scripts are not judged', () => {
    expect(refusedMeasurementNote([refused(GA4_HIT)], true)).toMatch(
      /^1 analytics hit \(Google Analytics 4\) was refused by the audit's URL guard, because this installation reaches only the hosts in QA_URL_ALLOWLIST \(QA_URL_ALLOWLIST_ONLY\): the tag counts as firing, but that its hits are delivered was not verified\.$/,
    );
    const note = refusedMeasurementNote([refused(GA4_HIT), refused(GA4_HIT), refused('https://www.googletagmanager.com/gtag/js?id=G-ABC123', 'guard_private')], false);
    expect(note).toContain('2 analytics hits (Google Analytics 4) were refused by the audit\'s URL guard, because their hosts are on private addresses');
    expect(note).toContain('1 tag script request (');
    expect(note).toContain('was refused too: whether that tag runs was not verified, and no check counts it against the site.');
  });
});
