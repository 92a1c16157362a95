import { describe, expect, it } from 'vitest';
import { findingsOf, makeBundle, outcomeOf } from '../test-support.js';
import { SITE, afterReload, consent, cookie, fbevents, ga4Hit, gtag, load, metaHit, page } from '../tracking/test-fixtures.js';
import { check } from './tracking_after_reject.js';

describe('privacy.tracking_after_reject', () => {
  const home = `${SITE}/`;
  const withReject = (reject: Parameters<typeof load>[1], none: Parameters<typeof load>[1] = {}) =>
    makeBundle({ pages: [page('/', [])], consent: consent(true, [load('none', none), load('reject', reject)]) });
  const valid = [
    ['nothing after rejecting', withReject({ requests: afterReload([]) })],
    ['consent mode: pings declaring storage denied', withReject({ requests: afterReload([gtag(), ga4Hit(home, { gcs: 'G100' })]) })],
    ['tag scripts load but send nothing', withReject({ requests: afterReload([gtag(), fbevents()]) })],
    ['a tracking cookie set before consent and merely kept (reported by tracking_before_consent)',
      withReject({ cookies: [cookie('_ga')] }, { cookies: [cookie('_ga')] })],
    ['the reject control was not found: nothing was rejected', withReject({ action_taken: false, clicked: null, requests: [ga4Hit(home)] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('is not applicable without the consent matrix', () => {
    expect(outcomeOf(check, makeBundle({ pages: [page('/', [ga4Hit(home)])] }))).toBe('not_applicable');
  });

  it('does not blame a late cookie of a vendor that already tracked before consent, without hits after the click', () => {
    const bundle = makeBundle({
      pages: [page('/', [fbevents(), metaHit(home)])],
      consent: consent(true, [load('none', { requests: [fbevents(), metaHit(home)] }), load('reject', { cookies: [cookie('_fbp')] })]),
    });
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('flags a tracking cookie that only appears after rejecting', () => {
    const [f] = findingsOf(check, withReject({ cookies: [cookie('_hjSessionUser_1')] }));
    expect(f!.evidence).toMatchObject({ vendors: [{ vendor: 'hotjar', hits: 0, cookies: ['_hjSessionUser_1 (.example.com)'] }] });
  });

  it('flags hits and new tracking cookies after rejecting, critical, with what was clicked', () => {
    const bundle = withReject({
      clicked: 'button.cky-btn-reject "Reject All"',
      requests: afterReload([gtag(), ga4Hit(home, { gcs: 'G111' }), metaHit(home)]),
      cookies: [cookie('_ga'), cookie('_fbp'), cookie('cookieyes-consent')],
    }, { cookies: [cookie('_ga')] });
    const [f, ...rest] = findingsOf(check, bundle);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'critical', section: 'compliant' });
    const vendors = f!.evidence!.vendors as { vendor: string; hits: number; cookies: string[] }[];
    expect(vendors.map((v) => [v.vendor, v.hits, v.cookies])).toEqual([['ga4', 1, []], ['meta_pixel', 1, ['_fbp (.example.com)']]]);
    expect(f!.evidence).toMatchObject({ reject_clicked: 'button.cky-btn-reject "Reject All"', tracking_cookies_kept_from_before: ['_ga (.example.com)'] });
  });
});
