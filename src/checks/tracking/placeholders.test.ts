import { describe, expect, it } from 'vitest';
import { consentPlaceholders } from './placeholders.js';

const base = 'https://example.com/';
const found = (html: string) => consentPlaceholders(html, base).map((p) => [p.vendor.id, p.category, p.src, p.id]);

describe('consentPlaceholders', () => {
  it.each([
    ['Cookiebot', '<script type="text/plain" data-cookieconsent="statistics" src="https://www.googletagmanager.com/gtag/js?id=G-AB12CD"></script>', [['ga4', 'statistics', 'https://www.googletagmanager.com/gtag/js?id=G-AB12CD', 'G-AB12CD']]],
    ['OneTrust', "<script type=\"text/plain\" class=\"optanon-category-C0002\">gtag('config', 'G-ONE123')</script>", [['ga4', 'C0002', null, 'G-ONE123']]],
    ['Klaro (data-src)', '<script type="text/plain" data-type="text/javascript" data-name="matomo" data-src="/js/matomo.js"></script>', [['matomo', 'matomo', 'https://example.com/js/matomo.js', null]]],
    ['Usercentrics', '<script type="text/plain" data-usercentrics="Google Tag Manager">(function(w,d,s,l,i){})(window,document,"script","dataLayer","GTM-ABCD12");</script>', [['gtm', 'Google Tag Manager', null, 'GTM-ABCD12']]],
    ['CookieYes', '<script type="text/plain" data-cookieyes="cookieyes-analytics" src="https://www.googletagmanager.com/gtag/js?id=G-YES123"></script>', [['ga4', 'cookieyes-analytics', 'https://www.googletagmanager.com/gtag/js?id=G-YES123', 'G-YES123']]],
    ['cookieconsent (orestbida)', '<script type="text/plain" data-category="analytics" src="https://www.googletagmanager.com/gtag/js?id=G-CAT123"></script>', [['ga4', 'analytics', 'https://www.googletagmanager.com/gtag/js?id=G-CAT123', 'G-CAT123']]],
  ])('%s', (_name, html, expected) => {
    expect(found(html)).toEqual(expected);
  });

  it.each([
    ['a live script', '<script src="https://www.googletagmanager.com/gtag/js?id=G-AB12CD"></script>'],
    ['a text/plain script without a consent marker (a template)', '<script type="text/plain" src="https://www.googletagmanager.com/gtag/js?id=G-AB12CD"></script>'],
    ['a held-back script of no measurement vendor', '<script type="text/plain" data-cookieconsent="preferences" src="/js/chat.js"></script>'],
  ])('ignores %s', (_name, html) => {
    expect(found(html)).toEqual([]);
  });
});
