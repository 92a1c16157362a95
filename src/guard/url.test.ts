// checkUrl: schemes, credentials, numeric host spellings, IPv6 literals, host names, DNS answers, allowlist.
import { describe, expect, it } from 'vitest';
import type { LookupAll } from './options.js';
import { checkUrl } from './url.js';

/** A resolver from a fixed table that records every name it was asked about. */
function table(entries: Record<string, string[]>): LookupAll & { asked: string[] } {
  const asked: string[] = [];
  const lookup = async (hostname: string) => {
    asked.push(hostname);
    const found = entries[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found;
  };
  return Object.assign(lookup, { asked });
}

const dns = table({
  'example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'mixed.example': ['93.184.215.14', '10.0.0.7'],
  'mixed6.example': ['2606:4700::1', 'fd12::1'],
  'rebind.example': ['127.0.0.1'],
  'meta.example': ['169.254.169.254'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'localhost': ['127.0.0.1', '::1'],
  'weird.example': ['not-an-ip'],
  'empty.example': [],
});
const opts = { allowlist: [] as string[], lookupAll: dns };

async function reasonFor(url: string, allowlist: string[] = []): Promise<string> {
  const verdict = await checkUrl(url, { allowlist, lookupAll: dns });
  if (verdict.ok) throw new Error(`expected ${url} to be refused`);
  expect(verdict.code).toBe('unsafe_url');
  return verdict.reason;
}

describe('checkUrl: schemes and credentials', () => {
  it.each([
    ['file:///etc/passwd', 'file:'],
    ['ftp://example.com/', 'ftp:'],
    ['javascript:alert(1)', 'javascript:'],
    ['data:text/html,<h1>x</h1>', 'data:'],
    ['gopher://example.com/', 'gopher:'],
    ['ws://example.com/', 'ws:'],
  ])('refuses %s', async (url, scheme) => {
    expect(await reasonFor(url)).toContain(`the ${scheme} scheme is not allowed`);
  });

  it.each(['http://user@example.com/', 'http://user:pw@example.com/', 'https://:pw@example.com/', 'http://example.com@127.0.0.1/'])(
    'refuses credentials in %s', async (url) => {
      expect(await reasonFor(url)).toContain('credentials');
    });

  it.each(['not a url', '/relative/path', 'http://', 'http://256.0.0.1/', 'http://[::1/'])('refuses unparsable %j', async (url) => {
    expect(await reasonFor(url)).toContain('not a valid absolute URL');
  });
});

describe('checkUrl: numeric host spellings are canonicalised by WHATWG URL, then refused', () => {
  it.each([
    'http://127.0.0.1/', 'http://2130706433/', 'http://0x7f000001/', 'http://0177.0.0.1/', 'http://127.1/',
    'http://0x7f.1/', 'http://017700000001/', 'http://127.0.0.1./', 'http://%31%32%37.0.0.1/', 'http://１２７.０.０.１/',
    'http://127.000.000.001/', 'HTTP://0X7F.0.0.1:80/',
  ])('%s is 127.0.0.1', async (url) => {
    expect(new URL(url).hostname).toBe('127.0.0.1');
    expect(await reasonFor(url)).toBe('127.0.0.1 is a loopback address');
  });

  it.each([
    ['http://0/', '0.0.0.0 is the unspecified address'],
    ['http://0xa9fea9fe/', '169.254.169.254 is the cloud instance metadata'],
    ['http://167772161/', '10.0.0.1 is a private address'],
    ['http://0xc0.0250.1/', '192.168.0.1 is a private address'],
  ])('%s', async (url, reason) => {
    expect(await reasonFor(url)).toContain(reason);
  });

  it.each([
    ['http://[::1]/', '::1 is a loopback address'],
    ['http://[0:0:0:0:0:0:0:1]/', '::1 is a loopback address'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1 is an IPv4-mapped IPv6 address of 127.0.0.1'],
    ['http://[::ffff:7f00:1]/', '::ffff:7f00:1 is an IPv4-mapped IPv6 address of 127.0.0.1'],
    ['http://[::127.0.0.1]/', '::7f00:1 is an IPv4-compatible IPv6 address'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://[fd00:ec2::254]/', 'metadata'],
    ['http://[64:ff9b::a9fe:a9fe]/', 'NAT64 address embedding 169.254.169.254'],
  ])('IPv6 literal %s', async (url, reason) => {
    expect(await reasonFor(url)).toContain(reason);
  });

  it('does not resolve IP literals and returns the literal as the address', async () => {
    const before = dns.asked.length;
    const verdict = await checkUrl('https://[2606:4700:4700::1111]:8443/x', opts);
    expect(verdict).toMatchObject({ ok: true, addresses: ['2606:4700:4700::1111'], allowlisted: false });
    expect(dns.asked.length).toBe(before);
  });
});

describe('checkUrl: host names and what they resolve to', () => {
  it('accepts a public host and returns every checked address', async () => {
    const verdict = await checkUrl('https://EXAMPLE.com/path?q=1', opts);
    expect(verdict).toMatchObject({ ok: true, addresses: ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'], allowlisted: false });
    if (verdict.ok) expect(verdict.url.href).toBe('https://example.com/path?q=1');
  });

  it.each([
    ['http://mixed.example/', 'mixed.example resolves to 10.0.0.7, a private address'],
    ['http://mixed6.example/', 'mixed6.example resolves to fd12::1, a unique-local address'],
    ['http://rebind.example/', 'rebind.example resolves to 127.0.0.1, a loopback address'],
    ['http://meta.example/', 'cloud instance metadata'],
    ['http://mapped.example/', 'IPv4-mapped'],
    ['http://weird.example/', 'not an IP address'],
    ['http://empty.example/', 'has no addresses'],
    ['http://nxdomain.example/', 'nxdomain.example could not be resolved (ENOTFOUND)'],
  ])('%s is refused', async (url, reason) => {
    expect(await reasonFor(url)).toContain(reason);
  });

  it.each([
    ['http://localhost/', 'localhost is the local host'],
    ['http://LOCALHOST./', 'localhost is the local host'],
    ['http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/', 'localhost is the local host'],
    ['http://app.localhost/', 'RFC 6761'],
    ['http://printer.local/', 'multicast-DNS'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'metadata.google.internal is a cloud instance metadata host'],
    ['http://metadata.google.internal./', 'metadata host'],
    ['http://db.corp.internal/', 'private-use name'],
    ['http://nas.home.arpa/', 'home-network'],
    ['http://metadata/', 'single-label'],
    ['http://intranet:8080/', 'single-label'],
  ])('%s is refused by name, before any lookup', async (url, reason) => {
    const before = dns.asked.length;
    expect(await reasonFor(url)).toContain(reason);
    expect(dns.asked.length).toBe(before);
  });
});

describe('checkUrl: QA_URL_ALLOWLIST', () => {
  const allowlist = ['127.0.0.1:4567', 'localhost:4567', '[::1]:4567', '10.0.0.5:443', 'rebind.example:80'];

  it.each([
    ['http://127.0.0.1:4567/', ['127.0.0.1']],
    ['http://2130706433:4567/', ['127.0.0.1']], // canonicalised first, then matched
    ['http://localhost:4567/', ['127.0.0.1', '::1']],
    ['http://[::1]:4567/', ['::1']],
    ['https://10.0.0.5/', ['10.0.0.5']], // default https port filled in
    ['https://10.0.0.5:443/', ['10.0.0.5']],
    ['http://rebind.example/', ['127.0.0.1']], // default http port filled in
  ])('lets %s through', async (url, addresses) => {
    expect(await checkUrl(url, { allowlist, lookupAll: dns })).toMatchObject({ ok: true, addresses, allowlisted: true });
  });

  it.each([
    ['http://127.0.0.1:4568/', 'loopback'], // another port
    ['http://127.0.0.1/', 'loopback'], // default port is 80, not listed
    ['http://10.0.0.5/', 'private'], // http default 80, only 443 listed
    ['https://rebind.example/', 'loopback'], // 443, only 80 listed
    ['http://127.0.0.2:4567/', 'loopback'], // another loopback address
    ['http://localhost:4568/', 'local host'],
  ])('still refuses %s', async (url, reason) => {
    expect(await reasonFor(url, allowlist)).toContain(reason);
  });

  it('keeps the scheme and credential rules for allowlisted hosts', async () => {
    expect(await reasonFor('ftp://127.0.0.1:4567/', allowlist)).toContain('scheme');
    expect(await reasonFor('http://user:pw@127.0.0.1:4567/', allowlist)).toContain('credentials');
  });

  it('marks public hosts as not allowlisted', async () => {
    expect(await checkUrl('http://example.com/', { allowlist, lookupAll: dns })).toMatchObject({ ok: true, allowlisted: false });
  });
});

describe('checkUrl: QA_URL_ALLOWLIST_ONLY (a closed installation)', () => {
  const allowlist = ['127.0.0.1:4567', 'localhost:4567'];
  let lookups = 0;
  const counting = async (host: string) => {
    lookups += 1;
    return dns(host);
  };

  it('refuses every host not listed, public ones too, before any lookup', async () => {
    for (const url of ['http://example.com/', 'https://93.184.215.14/', 'http://127.0.0.1:4568/']) {
      const verdict = await checkUrl(url, { allowlist, allowlistOnly: true, lookupAll: counting });
      expect(verdict).toMatchObject({ ok: false, code: 'unsafe_url' });
      expect(verdict.ok ? '' : verdict.reason).toContain('QA_URL_ALLOWLIST_ONLY');
    }
    expect(lookups).toBe(0);
  });

  it('lets the listed hosts through as before', async () => {
    expect(await checkUrl('http://localhost:4567/a', { allowlist, allowlistOnly: true, lookupAll: counting })).toMatchObject({ ok: true, allowlisted: true });
  });
});
