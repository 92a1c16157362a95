import { describe, expect, it } from 'vitest';
import { findingsOf, makeBundle, outcomeOf } from '../test-support.js';
import { check } from './no_hit_after_consent.js';
import { SITE, afterReload, consent, ga4Hit, gtag, gtm, load, page, script } from './test-fixtures.js';

describe('tracking.no_hit_after_consent', () => {
  const home = `${SITE}/`;
  const valid = [
    ['hits follow accepting', { pages: [page('/', [gtag()])], consent: consent(true, [load('none'), load('accept', { requests: afterReload([gtag(), ga4Hit(home)]) })]) }],
    ['no banner: nothing to accept', { pages: [page('/', [gtag()])], consent: consent(false, [load('none')]) }],
    ['the accept control was not found', { pages: [page('/', [gtag()])], consent: consent(true, [load('none'), load('accept', { action_taken: false, clicked: null })]) }],
    ['no analytics installed at all (tracking.none_detected reports that)', { pages: [page('/', [gtm()])], consent: consent(true, [load('none'), load('accept', { requests: afterReload([gtm()]) })]) }],
    ['only a vendor that does not hit on load (Mixpanel)', {
      pages: [page('/', [script('https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js')])],
      consent: consent(true, [load('none'), load('accept', { requests: afterReload([script('https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js')]) })]),
    }],
    ['the site already tracks before consent (a privacy issue, not a measuring one)', {
      pages: [page('/', [gtag(), ga4Hit(home)])], consent: consent(true, [load('none'), load('accept', { requests: afterReload([gtag()]) })]),
    }],
  ] as const;
  it.each(valid)('passes: %s', (_name, over) => {
    expect(findingsOf(check, makeBundle({ ...over, pages: [...over.pages] } as never))).toEqual([]);
  });

  it('is not applicable without the consent matrix', () => {
    expect(outcomeOf(check, makeBundle({ pages: [page('/', [gtag()])] }))).toBe('not_applicable');
  });

  it('warns when GA4 is installed, the banner is accepted, and no hit is sent', () => {
    const bundle = makeBundle({
      pages: [page('/', [gtag()])],
      consent: consent(true, [load('none'), load('accept', { clicked: '#onetrust-accept-btn-handler "Accept All Cookies"', requests: afterReload([gtag()]) })]),
    });
    const [f, ...rest] = findingsOf(check, bundle);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', section: 'measured' });
    expect(f!.evidence).toMatchObject({
      installed: [{ vendor: 'ga4', ids: ['G-ABC123'] }], banner_detected: true,
      accept_clicked: '#onetrust-accept-btn-handler "Accept All Cookies"', page: home,
    });
  });

  it('warns when only consent-mode pings (storage denied) were ever sent', () => {
    const bundle = makeBundle({
      pages: [page('/', [gtag(), ga4Hit(home, { gcs: 'G100' })])],
      consent: consent(true, [load('none'), load('accept', { requests: afterReload([gtag()]) })]),
    });
    expect(findingsOf(check, bundle)).toHaveLength(1);
  });
});
