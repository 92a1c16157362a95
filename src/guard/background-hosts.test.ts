// Host pattern matching, and that the browser-background list spares hosts real pages load.
import { describe, expect, it } from 'vitest';
import { BROWSER_BACKGROUND_HOSTS, matchesHost } from './background-hosts.js';

describe('matchesHost', () => {
  it('matches a string pattern on the host and its subdomains only', () => {
    expect(matchesHost('doubleclick.net', ['doubleclick.net'])).toBe(true);
    expect(matchesHost('ad.DoubleClick.net.', ['doubleclick.net'])).toBe(true);
    expect(matchesHost('notdoubleclick.net', ['doubleclick.net'])).toBe(false);
  });

  it('tests a RegExp on the normalised host, even a stateful /g one', () => {
    const pattern = /^ads\d\.example$/g;
    expect(matchesHost('ADS1.example', [pattern])).toBe(true);
    expect(matchesHost('ads1.example', [pattern])).toBe(true);
    expect(matchesHost('[::1]', [/^::1$/])).toBe(true);
  });
});

describe('BROWSER_BACKGROUND_HOSTS', () => {
  it.each([
    'clients2.google.com', 'clients1.google.com', 'update.googleapis.com', 'safebrowsing.googleapis.com',
    'safebrowsingohttpgateway.googleapis.com', 'optimizationguide-pa.googleapis.com', 'redirector.gvt1.com',
    'edgedl.me.gvt1.com', 'clientservices.googleapis.com', 'content-autofill.googleapis.com',
  ])('covers %s', (host) => {
    expect(matchesHost(host, BROWSER_BACKGROUND_HOSTS)).toBe(true);
  });

  it.each([
    'accounts.google.com', 'www.google.com', 'www.googleapis.com', 'translate.googleapis.com', 'fonts.googleapis.com',
    'www.gstatic.com', 'www.googletagmanager.com', 'www.google-analytics.com', 'maps.googleapis.com',
    'people-pa.clients6.google.com', 'firebaseinstallations.googleapis.com', 'lh3.googleusercontent.com',
  ])('leaves %s, which pages load themselves, alone', (host) => {
    expect(matchesHost(host, BROWSER_BACKGROUND_HOSTS)).toBe(false);
  });
});
