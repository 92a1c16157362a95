// End to end: real Chromium driven through the guard proxy cannot reach an internal server by any route.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGuardProxy, type GuardProxy } from '../../src/guard/proxy.js';
import { startCountingServer, type CountingServer } from './servers.js';
import { defaultChromiumPath } from '../../src/capture/chromium-path.js';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

let internal: CountingServer; // stands for an admin panel or a metadata service: NOT allowlisted
let site: CountingServer; // the audited site: allowlisted

/** Completes a real WebSocket handshake (Chromium checks Sec-WebSocket-Accept) and keeps it open. */
function acceptWebSocket(req: IncomingMessage, socket: Socket): void {
  const accept = createHash('sha1').update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
  socket.on('error', () => {});
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
}

function sitePage(): string {
  const inside = internal.origin;
  return `<!doctype html><html><head><title>fixture</title></head><body>
<a id="to-internal" href="${inside}/linked">internal link</a>
<img src="${inside}/img.png" alt=""><img src="http://internal.test:${internal.port}/named.png" alt="">
<img src="/ok.png" alt="">
<iframe src="${inside}/frame"></iframe>
<script>
  window.results = {};
  // The internal server allows CORS, so a fetch that reached it would read its body.
  fetch('${inside}/fetch').then((r) => r.text()).then((t) => (results.internalFetch = t), () => (results.internalFetch = 'failed'));
  fetch('/api/ok').then((r) => r.text()).then((t) => (results.siteFetch = t));
  const bad = new WebSocket('ws://127.0.0.1:${internal.port}/ws');
  bad.onopen = () => (results.internalWs = 'open');
  bad.onerror = () => (results.internalWs = 'error');
  const good = new WebSocket('ws://127.0.0.1:${site.port}/ws');
  good.onopen = () => (results.siteWs = 'open');
  good.onerror = () => (results.siteWs = 'error');
</script></body></html>`;
}

beforeAll(async () => {
  internal = await startCountingServer((_req, res) => res.writeHead(200, { 'access-control-allow-origin': '*' }).end('internal secret'));
  internal.server.on('upgrade', acceptWebSocket);
  site = await startCountingServer((req, res) => {
    if (req.url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(sitePage());
    if (req.url === '/redirect') return void res.writeHead(302, { location: `${internal.origin}/from-redirect` }).end();
    if (req.url === '/api/ok') return void res.end('site ok');
    if (req.url === '/ok.png') return void res.writeHead(204).end();
    res.writeHead(404).end();
  });
  site.server.on('upgrade', acceptWebSocket);
});

afterAll(async () => {
  await site?.close();
  await internal?.close();
});

/** The two ways capture may put the browser behind the guard. */
const setups = [
  { name: 'launch-level proxy', perContext: false },
  // Profile-level traffic (e.g. the ListAccounts call each launch makes) then meets a deny-all proxy instead.
  { name: 'context-level proxy, deny-all launch proxy', perContext: true },
];

describe.each(setups)('SSRF through the browser ($name)', ({ perContext }) => {
  let proxy: GuardProxy;
  let denyAll: GuardProxy | null = null;
  let browser: Browser;
  let page: Page;
  const lookups: string[] = [];

  beforeAll(async () => {
    internal.hits.length = 0;
    site.hits.length = 0;
    proxy = await startGuardProxy({
      allowlist: [site.hostPort],
      lookupAll: async (name) => {
        lookups.push(name);
        if (name === 'internal.test') return ['127.0.0.1']; // a public-looking name that points inside
        throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: 'ENOTFOUND' }); // no real DNS in tests
      },
    });
    if (perContext) denyAll = await startGuardProxy({ allowlist: [], blockHosts: [/[\s\S]*/] });
    // Chromium skips proxies for loopback unless told otherwise; '<-loopback>' sends loopback through the guard too.
    const guarded = { server: proxy.url, bypass: '<-loopback>' };
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || defaultChromiumPath(),
      args: CHROMIUM_ARGS,
      proxy: denyAll ? { server: denyAll.url, bypass: '<-loopback>' } : guarded,
    });
    const context = await browser.newContext(perContext ? { proxy: guarded } : {});
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    await denyAll?.close();
  });

  it('loads the allowlisted site but none of its routes into the internal server', async () => {
    const res = await page.goto(`${site.origin}/`, { waitUntil: 'load' });
    expect(res?.status()).toBe(200);
    await page.waitForFunction(() => {
      const r = (window as unknown as { results: Record<string, string> }).results;
      return r.internalFetch && r.siteFetch && r.internalWs && r.siteWs;
    }, undefined, { timeout: 15_000 });
    const results = await page.evaluate(() => (window as unknown as { results: Record<string, string> }).results);
    expect(results).toEqual({ internalFetch: 'failed', siteFetch: 'site ok', internalWs: 'error', siteWs: 'open' });

    // Follow the link, then a same-site URL that redirects inside.
    const [linked] = await Promise.all([page.waitForNavigation(), page.click('#to-internal')]);
    expect(linked?.status()).toBe(403);
    expect(await linked?.headerValue('x-siteqa-blocked')).toBe('127.0.0.1 is a loopback address');
    const redirected = await page.goto(`${site.origin}/redirect`);
    expect(redirected?.status()).toBe(403);

    expect(internal.hits).toEqual([]);
    const sitePaths = site.hits.map((h) => h.url);
    for (const path of ['/', '/ok.png', '/api/ok', '/ws', '/redirect']) expect(sitePaths).toContain(path);

    const refused = proxy.blocked.map((b) => b.url);
    for (const path of ['/linked', '/img.png', '/frame', '/fetch', '/from-redirect']) expect(refused).toContain(`${internal.origin}${path}`);
    expect(refused).toContain(`http://internal.test:${internal.port}/named.png`);
    expect(proxy.blocked.find((b) => b.url.endsWith('/named.png'))?.reason).toBe('internal.test resolves to 127.0.0.1, a loopback address');
    // Chromium opens ws:// through an HTTP proxy as a CONNECT tunnel.
    expect(refused).toContain(`https://127.0.0.1:${internal.port}/`);
  });

  it('refuses browser background hosts before any DNS lookup', async () => {
    const res = await page.goto('http://clients2.google.com/service/update2/crx');
    expect(res?.status()).toBe(403);
    expect(await res?.headerValue('x-siteqa-blocked')).toBe('clients2.google.com is browser background traffic, not the site');
    expect(proxy.blocked.map((b) => b.url)).toContain('http://clients2.google.com/service/update2/crx');
    expect(lookups).not.toContain('clients2.google.com');
    // With a deny-all launch proxy the guard never even sees the profile's own traffic.
    if (perContext) expect(lookups.filter((name) => name !== 'internal.test')).toEqual([]);
    expect(internal.hits).toEqual([]);
  });
});
