// The fixture server over raw HTTP: what each site.json feature puts on the wire, and clean shutdown.
import { request } from 'node:http';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIGHTHOUSE_FIXTURES, listSites, serveDirectory, serveSite, type FixtureSite } from './fixture-server.js';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  ms: number;
}

/** A raw HTTP exchange (node:http does not decompress or follow redirects, so we see what the server sent). */
function get(url: string, opts: { method?: string; headers?: Record<string, string>; path?: string } = {}): Promise<Reply> {
  const u = new URL(url);
  const started = Date.now();
  return new Promise((done, fail) => {
    const req = request({ host: u.hostname, port: u.port, path: opts.path ?? u.pathname + u.search, method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts), ms: Date.now() - started }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

function decoded(r: Reply): string {
  const enc = r.headers['content-encoding'];
  if (enc === 'br') return brotliDecompressSync(r.body).toString('utf8');
  if (enc === 'gzip') return gunzipSync(r.body).toString('utf8');
  return r.body.toString('utf8');
}

describe('serveSite(clean)', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await serveSite('clean');
  });
  afterAll(() => site.close());

  it('describes itself with loopback addresses on a random port', () => {
    const port = Number(new URL(site.origin).port);
    expect(port).toBeGreaterThan(0);
    expect(site).toMatchObject({ name: 'clean', origin: `http://127.0.0.1:${port}`, url: `http://127.0.0.1:${port}/`, hostPort: `127.0.0.1:${port}` });
    expect(site.allowlist).toEqual([`127.0.0.1:${port}`, `localhost:${port}`]);
  });

  it('serves HTML with the configured headers, brotli when accepted, and the origin from the Host header', async () => {
    const port = new URL(site.origin).port;
    const r = await get(site.url, { headers: { 'accept-encoding': 'gzip, deflate, br', host: `localhost:${port}` } });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(r.headers['content-security-policy']).toContain("script-src 'self'; style-src 'self'");
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.headers.server).toBe('nginx');
    expect(r.headers['strict-transport-security']).toBeUndefined();
    expect(r.headers['set-cookie']).toBeUndefined();
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    const html = decoded(r);
    expect(html).toContain(`<link rel="canonical" href="http://localhost:${port}/" />`);
    expect(html).not.toContain('{{');
  });

  it('falls back to gzip, then identity, by Accept-Encoding', async () => {
    const gz = await get(`${site.origin}/about`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get(`${site.origin}/about`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decoded(gz)).toBe(plain.body.toString('utf8'));
  });

  it('answers a matching If-None-Match with an empty 304', async () => {
    const first = await get(`${site.origin}/services`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(`${site.origin}/services`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('serves fingerprinted assets with a year of immutable caching and the right type', async () => {
    const html = (await get(`${site.origin}/`)).body.toString('utf8');
    const hero = html.match(/\/assets\/hero-560\.[0-9a-f]{8}\.webp/)![0];
    const r = await get(site.origin + hero, { headers: { 'accept-encoding': 'br' } });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('image/webp');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.body.subarray(8, 12).toString('ascii')).toBe('WEBP');
  });

  it('answers unknown paths with the site 404 page, headers included', async () => {
    const r = await get(`${site.origin}/no/such/page`);
    expect(r.status).toBe(404);
    expect(r.body.toString('utf8')).toContain('<h1>Page not found</h1>');
    expect(r.headers['content-security-policy']).toBeDefined();
  });

  it('redirects the contact form POST with 303 and refuses other methods on pages', async () => {
    const post = await get(`${site.origin}/contact`, { method: 'POST' });
    expect(post.status).toBe(303);
    expect(post.headers.location).toBe('/contact/thanks');
    expect((await get(`${site.origin}/about`, { method: 'DELETE' })).status).toBe(405);
  });

  it('answers HEAD with headers only', async () => {
    const r = await get(`${site.origin}/robots.txt`, { method: 'HEAD' });
    expect(r.status).toBe(200);
    expect(Number(r.headers['content-length'])).toBeGreaterThan(20);
    expect(r.body.length).toBe(0);
  });

  it('never serves files outside public/', async () => {
    for (const path of ['/../site.json', '/%2e%2e/site.json', '/..%2fsite.json', '/assets/..%2f..%2fsite.json']) {
      const r = await get(site.origin, { path });
      expect(r.status, path).toBe(404);
      expect(r.body.toString('utf8'), path).not.toContain('"rules"');
    }
  });

  it('records every request it received', async () => {
    const before = site.hits.length;
    await get(`${site.origin}/work?from=test`, { headers: { 'x-probe': 'yes' } });
    expect(site.hits.slice(before)).toEqual([expect.objectContaining({ method: 'GET', path: '/work?from=test', headers: expect.objectContaining({ 'x-probe': 'yes' }) })]);
  });
});

describe('serveSite rules on the defect sites', () => {
  it('plays redirect chains, loops and status overrides (broken)', async () => {
    const site = await serveSite('broken');
    try {
      const hops: [number, string | undefined][] = [];
      let path = '/old-page';
      for (let i = 0; i < 4; i++) {
        const r = await get(site.origin + path);
        hops.push([r.status, r.headers.location as string | undefined]);
        if (!r.headers.location) break;
        path = r.headers.location as string;
      }
      expect(hops).toEqual([[301, '/2019/old-page'], [302, '/archive/old-page'], [301, '/news'], [200, undefined]]);
      expect((await get(`${site.origin}/loop-a`)).headers.location).toBe('/loop-b');
      expect((await get(`${site.origin}/loop-b`)).headers.location).toBe('/loop-a');
      expect((await get(`${site.origin}/boom`)).status).toBe(500);
      const gone = await get(`${site.origin}/gone`);
      expect([gone.status, gone.body.toString('utf8').includes('Page not found')]).toEqual([404, true]);
    } finally {
      await site.close();
    }
  });

  it('delays, skips compression and caching, and generates a big image (slow)', async () => {
    const site = await serveSite('slow');
    try {
      const page = await get(`${site.origin}/about`, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(page.ms).toBeGreaterThanOrEqual(1150);
      expect(page.headers['content-encoding']).toBeUndefined();
      const css = await get(`${site.origin}/static/css/main.css`, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(css.ms).toBeLessThan(1400); // assets are not delayed (pages wait 1500 ms)
      for (const h of ['content-encoding', 'cache-control', 'expires', 'etag', 'last-modified']) expect(css.headers[h], h).toBeUndefined();
      const img = await get(`${site.origin}/static/img/coast-original.png`);
      expect(img.headers['content-type']).toBe('image/png');
      expect(img.body.length).toBeGreaterThan(2_000_000);
      expect([img.body.readUInt32BE(16), img.body.readUInt32BE(20)]).toEqual([1200, 800]);
    } finally {
      await site.close();
    }
  });

  it('answers the third-party pixel on the other host name with cookies (tracking)', async () => {
    const site = await serveSite('tracking');
    try {
      const port = new URL(site.origin).port;
      const home = (await get(site.url)).body.toString('utf8');
      expect(home).toContain(`<img src="http://localhost:${port}/pixel?site=pebble"`);
      const pixel = await get(`http://localhost:${port}/pixel?site=pebble`, { headers: { host: `localhost:${port}` } });
      expect(pixel.headers['content-type']).toBe('image/gif');
      expect(pixel.headers['set-cookie']).toEqual([
        'uid=4f1c2a9e7b; Path=/; Max-Age=31536000; SameSite=None; Secure',
        '_pt=9d3e0c51aa; Path=/; Max-Age=31536000; SameSite=None; Secure; Partitioned',
      ]);
    } finally {
      await site.close();
    }
  });

  it('sends version-leaking headers and a session cookie without flags (insecure)', async () => {
    const site = await serveSite('insecure');
    try {
      const r = await get(site.url);
      expect(r.headers.server).toBe('Apache/2.4.1 (Unix)');
      expect(r.headers['x-powered-by']).toBe('PHP/7.2.1');
      expect(r.headers['set-cookie']).toEqual(['PHPSESSID=8c2f4e6a1b9d3c5e7f0a2b4c6d8e0f1a; path=/']);
      expect(r.headers['content-security-policy']).toBeUndefined();
      expect((await get(`${site.origin}/dashboard`)).headers['content-security-policy']).toContain("'unsafe-eval'");
    } finally {
      await site.close();
    }
  });

  it('hangs where told to, and close() still returns promptly (hostile)', async () => {
    const site = await serveSite('hostile');
    const started = Date.now();
    const headersSeen = new Promise<number>((done, fail) => {
      const req = request(`${site.origin}/never-ends`, (res) => {
        res.once('data', () => done(res.statusCode ?? 0));
        res.on('error', () => undefined);
      });
      req.on('error', fail);
      req.end();
    });
    expect(await headersSeen).toBe(200);
    const silent = get(`${site.origin}/no-response`).catch((err: Error) => err);
    const ended = get(`${site.origin}/never-ends`).then(() => 'ended', () => 'cut');
    const winner = await Promise.race([ended, new Promise((r) => setTimeout(() => r('still open'), 400))]);
    expect(winner).toBe('still open');
    const closing = Date.now();
    await site.close();
    expect(Date.now() - closing).toBeLessThan(2000);
    expect(await ended).toBe('cut');
    expect(await silent).toBeInstanceOf(Error);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('generates N pages, their links and their sitemap entries (sixty)', async () => {
    const site = await serveSite('sixty');
    try {
      const home = (await get(site.url)).body.toString('utf8');
      expect(home.match(/href="\/articles\/\d+"/g)).toHaveLength(59);
      const last = await get(`${site.origin}/articles/59`);
      expect(last.status).toBe(200);
      expect(last.body.toString('utf8')).toContain(`<link rel="canonical" href="${site.origin}/articles/59">`);
      expect(last.body.toString('utf8')).toContain('<a href="/articles/1">Next</a>');
      for (const p of ['/articles/60', '/articles/0', '/articles/01', '/articles/x']) expect((await get(site.origin + p)).status, p).toBe(404);
      const sitemap = (await get(`${site.origin}/sitemap.xml`)).body.toString('utf8');
      expect(sitemap.match(/<loc>/g)).toHaveLength(60);
      const titles = new Set<string>();
      for (const n of [1, 17, 33, 59]) titles.add((await get(`${site.origin}/articles/${n}`)).body.toString('utf8').match(/<title>(.*)<\/title>/)![1]);
      expect(titles.size).toBe(4);
    } finally {
      await site.close();
    }
  });
});

describe('serveDirectory', () => {
  it('serves the Lighthouse smoke pages with listings where there is no index', async () => {
    const site = await serveDirectory(LIGHTHOUSE_FIXTURES);
    try {
      expect(site.name).toBe('lighthouse');
      const root = (await get(site.url)).body.toString('utf8');
      for (const entry of ['a11y/', 'seo/', 'perf/', 'infinite-loop.html']) expect(root).toContain(`href="${entry}"`);
      expect((await get(`${site.origin}/seo`)).headers.location).toBe('/seo/');
      expect((await get(`${site.origin}/seo/`)).body.toString('utf8')).toContain('href="seo-tester.html"');
      const page = await get(`${site.origin}/seo/seo-tester.html`);
      expect([page.status, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
      expect((await get(`${site.origin}/launcher-icon-100x100.png`)).headers['content-type']).toBe('image/png');
    } finally {
      await site.close();
    }
  });

  it('applies a given config: inline bodies, token-filled cookies, removed headers, a fixed port', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fixture-dir-'));
    mkdirSync(join(dir, 'a'));
    writeFileSync(join(dir, 'a', 'page.html'), '<p>{{HOST}}</p>');
    const probe = await serveDirectory(dir);
    const port = Number(new URL(probe.origin).port);
    await probe.close();
    const site = await serveDirectory(dir, {
      port,
      config: {
        templates: true,
        headers: { Server: 'x', 'X-Default': 'on' },
        rules: [
          { path: '/ping', body: 'pong', content_type: 'text/plain; charset=utf-8', set_cookie: ['h={{PORT}}; Path=/'] },
          { prefix: '/a/', headers: { 'X-Default': null } },
        ],
      },
    });
    try {
      expect(site.origin).toBe(`http://127.0.0.1:${port}`);
      const ping = await get(`${site.origin}/ping`);
      expect([ping.body.toString(), ping.headers['set-cookie']]).toEqual(['pong', [`h=${port}; Path=/`]]);
      const page = await get(`${site.origin}/a/page`);
      expect(page.body.toString()).toBe(`<p>127.0.0.1:${port}</p>`);
      expect(page.headers['x-default']).toBeUndefined();
      expect(page.headers.server).toBe('x');
    } finally {
      await site.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('site lookup', () => {
  it('lists the fixture sites and refuses unknown or unsafe names', async () => {
    expect(listSites()).toEqual(['a11y', 'broken', 'clean', 'consent-gated', 'csp-blocked', 'dead-hosts', 'docs', 'harbour-sixty', 'harbour-ten', 'hostile', 'insecure', 'seo', 'sixty', 'slow', 'spa', 'ten', 'tracking']);
    await expect(serveSite('nope')).rejects.toThrow(/no fixture site "nope"/);
    await expect(serveSite('../clean')).rejects.toThrow(/bad fixture site name/);
  });
});
