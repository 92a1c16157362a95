// guardedFetch against real loopback servers: pinning, redirects re-checked, caps, decoding, timeouts.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuardError, guardedFetch } from '../../src/guard/fetch.js';
import { closedPort, startCountingServer, type CountingServer } from './servers.js';

let site: CountingServer;
let internal: CountingServer;
const big = Buffer.alloc(3_000_000, 'a');
const bomb = zlib.gzipSync(Buffer.alloc(50_000_000)); // ~50 kB on the wire

beforeAll(async () => {
  internal = await startCountingServer((_req, res) => res.end('internal secret'));
  site = await startCountingServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/robots.txt') return void res.writeHead(200, { 'content-type': 'text/plain', 'x-multi': ['a', 'b'] }).end('User-agent: *\nDisallow:\n');
    if (path === '/hop1') return void res.writeHead(301, { location: '/hop2' }).end('moved');
    if (path === '/hop2') return void res.writeHead(302, { location: `${site.origin}/robots.txt` }).end();
    if (path === '/to-internal') return void res.writeHead(302, { location: `${internal.origin}/admin` }).end();
    if (path === '/to-file') return void res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (path === '/to-metadata') return void res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (path === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
    if (path === '/big') return void res.end(big);
    if (path === '/gzip') return void res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync('hello gzip'));
    if (path === '/br') return void res.writeHead(200, { 'content-encoding': 'br' }).end(zlib.brotliCompressSync('hello br'));
    if (path === '/deflate') return void res.writeHead(200, { 'content-encoding': 'deflate' }).end(zlib.deflateSync('hello zlib deflate'));
    if (path === '/deflate-raw') return void res.writeHead(200, { 'content-encoding': 'deflate' }).end(zlib.deflateRawSync('hello raw deflate'));
    if (path === '/bomb') return void res.writeHead(200, { 'content-encoding': 'gzip' }).end(bomb);
    if (path === '/latin1') return void res.writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' }).end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    if (path === '/hang') return; // never answers
    if (path === '/host') return void res.end(req.headers.host ?? '');
    res.writeHead(404).end('nope');
  });
});
afterAll(async () => {
  await site.close();
  await internal.close();
});

const opts = () => ({ allowlist: [site.hostPort] });

describe('guardedFetch', () => {
  it('fetches from an allowlisted loopback server', async () => {
    const res = await guardedFetch(`${site.origin}/robots.txt`, {}, opts());
    expect(res).toMatchObject({ status: 200, body: 'User-agent: *\nDisallow:\n', truncated: false, finalUrl: `${site.origin}/robots.txt`, redirects: [] });
    expect(res.headers['content-type']).toBe('text/plain');
    expect(res.headers['x-multi']).toBe('a, b');
  });

  it('refuses a loopback server that is not allowlisted, which sees no request', async () => {
    const err = await guardedFetch(`${internal.origin}/admin`, {}, opts()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GuardError);
    expect((err as GuardError).reason).toBe('127.0.0.1 is a loopback address');
    expect(internal.hits).toHaveLength(0);
  });

  it('follows redirects, re-checking and recording each hop', async () => {
    const res = await guardedFetch(`${site.origin}/hop1`, {}, opts());
    expect(res.status).toBe(200);
    expect(res.finalUrl).toBe(`${site.origin}/robots.txt`);
    expect(res.redirects).toEqual([
      { url: `${site.origin}/hop1`, status: 301, location: '/hop2' },
      { url: `${site.origin}/hop2`, status: 302, location: `${site.origin}/robots.txt` },
    ]);
  });

  it.each([
    ['/to-internal', 'loopback'],
    ['/to-file', 'the file: scheme is not allowed'],
    ['/to-metadata', 'cloud instance metadata'],
  ])('refuses the redirect hop from %s', async (path, reason) => {
    const err = await guardedFetch(`${site.origin}${path}`, {}, opts()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GuardError);
    expect((err as GuardError).reason).toContain(reason);
    expect(internal.hits).toHaveLength(0);
  });

  it('stops a redirect loop', async () => {
    await expect(guardedFetch(`${site.origin}/loop`, { maxRedirects: 3 }, opts())).rejects.toThrow('too many redirects (more than 3)');
  });

  it('caps the body at maxBytes and says so', async () => {
    const res = await guardedFetch(`${site.origin}/big`, { maxBytes: 1000 }, opts());
    expect(res.body).toHaveLength(1000);
    expect(res.truncated).toBe(true);
  });

  it('caps at 1 MB by default', async () => {
    const res = await guardedFetch(`${site.origin}/big`, {}, opts());
    expect(res.body.length).toBe(1_000_000);
    expect(res.truncated).toBe(true);
  });

  it.each([
    ['/gzip', 'hello gzip'],
    ['/br', 'hello br'],
    ['/deflate', 'hello zlib deflate'],
    ['/deflate-raw', 'hello raw deflate'],
    ['/latin1', 'café'],
  ])('decodes %s', async (path, body) => {
    expect((await guardedFetch(`${site.origin}${path}`, {}, opts())).body).toBe(body);
  });

  it('stops inflating a compression bomb at the cap', async () => {
    const res = await guardedFetch(`${site.origin}/bomb`, { maxBytes: 100_000 }, opts());
    expect(res.body.length).toBe(100_000);
    expect(res.truncated).toBe(true);
  });

  it('sends HEAD without reading a body', async () => {
    const res = await guardedFetch(`${site.origin}/big`, { method: 'HEAD' }, opts());
    expect(res).toMatchObject({ status: 200, body: '', truncated: false });
    expect(site.hits.at(-1)?.method).toBe('HEAD');
  });

  it('times out with a plain Error', async () => {
    const started = Date.now();
    const err = await guardedFetch(`${site.origin}/hang`, { timeoutMs: 300 }, opts()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(GuardError);
    expect((err as Error).message).toBe('timed out after 300 ms');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('reports a refused connection as a plain Error', async () => {
    const port = await closedPort();
    const err = await guardedFetch(`http://127.0.0.1:${port}/`, {}, { allowlist: [`127.0.0.1:${port}`] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(GuardError);
    expect((err as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
  });

  it('connects to the address it checked, resolving once, and keeps the real Host', async () => {
    const asked: string[] = [];
    const lookupAll = async (name: string) => {
      asked.push(name);
      return ['127.0.0.1'];
    };
    // "site.test" exists nowhere but in this resolver: reaching the server proves the pinned address was used.
    const res = await guardedFetch(`http://site.test:${site.port}/host`, {}, { allowlist: [`site.test:${site.port}`], lookupAll });
    expect(res.body).toBe(`site.test:${site.port}`);
    expect(asked).toEqual(['site.test']);
  });

  it('refuses a name that resolves to loopback unless its host:port is allowlisted', async () => {
    const lookupAll = async () => ['127.0.0.1'];
    const before = site.hits.length;
    const err = await guardedFetch(`http://site.test:${site.port}/host`, {}, { allowlist: [site.hostPort], lookupAll }).catch((e: unknown) => e);
    expect((err as GuardError).reason).toBe('site.test resolves to 127.0.0.1, a loopback address');
    expect(site.hits.length).toBe(before);
  });
});
