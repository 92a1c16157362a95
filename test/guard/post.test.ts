// guardedFetch POST: the body arrives, and with followRedirects false a 3xx comes back as it is
// (an outbound webhook is never re-routed, not even to an allowlisted host).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch } from '../../src/guard/fetch.js';

describe('guardedFetch POST', () => {
  let server: Server;
  let port = 0;
  const seen: { path: string; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', body });
        if (req.url === '/moved') res.writeHead(307, { location: '/hook' }).end();
        else res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends the body and does not follow a redirect when told not to', async () => {
    const guard = { allowlist: [`127.0.0.1:${port}`] };
    const ok = await guardedFetch(`http://127.0.0.1:${port}/hook`, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } }, guard);
    expect(ok.status).toBe(204);
    const moved = await guardedFetch(`http://127.0.0.1:${port}/moved`, { method: 'POST', body: 'x', followRedirects: false }, guard);
    expect(moved.status).toBe(307);
    expect(seen).toEqual([{ path: '/hook', body: '{"a":1}' }, { path: '/moved', body: 'x' }]);
  });

  it('is refused by the guard for a target outside the allowlist', async () => {
    await expect(guardedFetch(`http://127.0.0.1:${port}/hook`, { method: 'POST', body: 'x' }, { allowlist: [] })).rejects.toThrow(/loopback/);
  });
});
