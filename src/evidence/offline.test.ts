import { describe, expect, it } from 'vitest';
import { makePage, makeRequest } from '../checks/test-support.js';
import { offlineWitness, unreachedOffline } from './offline.js';

const LOCAL = 'http://127.0.0.1:8080/';
const notResolved = (url: string) => makeRequest({ url, status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'dns', guard_reason: `${new URL(url).hostname} could not be resolved (ENOTFOUND)` });
const refused = (url: string) => makeRequest({ url, status: null, failure: 'net::ERR_CONNECTION_REFUSED', failure_reason: 'refused' });
const served = (url: string) => makeRequest({ url, status: 200 });
const page = (url: string, ...requests: ReturnType<typeof makeRequest>[]) => makePage({ url, final_url: url, requests });

describe('offlineWitness', () => {
  const offline = [
    ['Google Fonts not resolving from a local copy', [page(LOCAL, served(`${LOCAL}app.css`), notResolved('https://fonts.googleapis.com/css2?family=Inter'))], 'fonts.googleapis.com'],
    ['jsDelivr refusing connections (a firewall that resolves names)', [page(LOCAL, refused('https://cdn.jsdelivr.net/npm/x.js'))], 'cdn.jsdelivr.net'],
    ['the witness on the second page, an unknown host on the first', [page(LOCAL, notResolved('https://cdn.acme-assets.com/a.js')), page(`${LOCAL}b`, notResolved('https://code.jquery.com/jquery.js'))], 'code.jquery.com'],
    ['a local copy answering its production files itself', [page(LOCAL, { ...served('https://www.acme.com/wp-content/style.css'), served_from_copy: `${LOCAL}wp-content/style.css` }, notResolved('https://fonts.googleapis.com/css2'))], 'fonts.googleapis.com'],
    ['an intranet name serving the pages', [page('http://intranet.local/', notResolved('https://www.googletagmanager.com/gtag/js?id=G-1'))], 'www.googletagmanager.com'],
  ] as const;
  it.each(offline)('offline: %s', (_name, pages, witness) => {
    expect(offlineWitness(pages)).toBe(witness);
  });

  const online = [
    ['a public site answering (its own host is public)', [page('https://www.acme.com/', notResolved('https://fonts.googleapis.com/css2'))]],
    ['another public host answered', [page(LOCAL, served('https://cdn.acme-assets.com/a.js'), notResolved('https://fonts.googleapis.com/css2'))]],
    ['only unknown hosts failing (a dead CDN proves nothing about the machine)', [page(LOCAL, notResolved('https://cdn.acme-assets.com/a.js'), notResolved('https://static.acme-cdn.net/b.css'))]],
    ['a misspelt subdomain of a big domain', [page(LOCAL, notResolved('https://font.googleapis.com/css2'))]],
    ['an always-up host refused by the guard (allowlist-only), not failing', [page(LOCAL, makeRequest({ url: 'https://fonts.googleapis.com/css2', status: null, blocked: true, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', failure_reason: 'guard' }))]],
    ['an always-up host answering 404', [page(LOCAL, makeRequest({ url: 'https://cdn.jsdelivr.net/npm/nope.js', status: 404 }))]],
    ['a request cut off (aborted)', [page(LOCAL, makeRequest({ url: 'https://fonts.gstatic.com/x.woff2', status: null, failure: 'net::ERR_ABORTED', failure_reason: 'aborted' }))]],
  ] as const;
  it.each(online)('not offline: %s', (_name, pages) => {
    expect(offlineWitness(pages)).toBeNull();
  });
});

describe('unreachedOffline', () => {
  it('excuses public names that were not reached, only in an offline run, never a reserved name or a loopback server', () => {
    const witness = 'fonts.googleapis.com';
    expect(unreachedOffline({ url: 'https://cdn.acme-assets.com/a.js' }, 'dns', witness)).toBe(true);
    expect(unreachedOffline({ url: 'https://cdn.acme-assets.com/a.js' }, 'timeout', witness)).toBe(true);
    expect(unreachedOffline({ url: 'https://cdn.acme-assets.com/a.js' }, 'dns', null)).toBe(false);
    expect(unreachedOffline({ url: 'https://cdn.acme-assets.com/a.js' }, 'tls', witness)).toBe(false);
    expect(unreachedOffline({ url: 'https://cdn.example.invalid/a.js' }, 'dns', witness)).toBe(false);
    expect(unreachedOffline({ url: 'https://assets.test/a.js' }, 'dns', witness)).toBe(false);
    expect(unreachedOffline({ url: 'http://127.0.0.1:9/api' }, 'refused', witness)).toBe(false);
    expect(unreachedOffline({ url: 'http://localhost:9/api' }, 'refused', witness)).toBe(false);
  });
});
