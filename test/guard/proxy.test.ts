// The guard proxy at the protocol level: absolute-form, CONNECT and Upgrade, refusals, errors, streaming, close.
import http, { type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startGuardProxy, type BlockedRequest, type GuardProxy } from '../../src/guard/proxy.js';
import { closedPort, startCountingServer, type CountingServer } from './servers.js';

let site: CountingServer;
let internal: CountingServer;
let proxy: GuardProxy;
const lookups: string[] = [];
const seen: BlockedRequest[] = [];
let releaseStream: () => void = () => {};

beforeAll(async () => {
  internal = await startCountingServer((_req, res) => res.end('internal secret'));
  site = await startCountingServer((req, res) => {
    if (req.url === '/echo') {
      let n = 0;
      req.on('data', (c: Buffer) => (n += c.length));
      req.on('end', () => res.end(`got ${n}`));
      return;
    }
    if (req.url === '/stream') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first;');
      releaseStream = () => res.end('last');
      return;
    }
    res.writeHead(200, { 'set-cookie': ['a=1', 'b=2'], 'x-host': req.headers.host ?? '' }).end(`page ${req.url}`);
  });
  // A bare-bones echo "websocket": switch protocols, then send every byte back.
  for (const s of [site, internal]) {
    s.server.on('upgrade', (_req, socket: Socket) => {
      socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
      socket.pipe(socket);
    });
  }
  proxy = await startGuardProxy({
    allowlist: [site.hostPort, `site.test:${site.port}`, `site.test:443`],
    lookupAll: async (name) => {
      lookups.push(name);
      if (name === 'site.test') return ['127.0.0.1'];
      throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    },
    blockHosts: ['tracker.test'],
    onBlocked: (b) => seen.push(b),
  });
});
afterAll(async () => {
  await proxy.close();
  await site.close();
  await internal.close();
});
afterEach(() => expect(internal.hits).toHaveLength(0));

function viaProxy(url: string, init: { method?: string; headers?: Record<string, string>; body?: Buffer; agent?: http.Agent } = {}): Promise<{ res: IncomingMessage; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: proxy.port, path: url, method: init.method ?? 'GET', headers: { host: new URL(url).host, ...init.headers }, agent: init.agent ?? false });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => resolve({ res, body })).on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

function connect(target: string): Promise<{ res: IncomingMessage; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: proxy.port, method: 'CONNECT', path: target, agent: false });
    req.on('connect', (res, socket: Socket) => resolve({ res, socket }));
    req.on('response', (res) => resolve({ res, socket: res.socket as Socket }));
    req.on('error', reject);
    req.end();
  });
}

function readUntil(socket: Socket, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let got = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => {
      got += c;
      if (got.includes(text)) resolve(got);
    });
    socket.on('error', reject);
  });
}

describe('absolute-form HTTP', () => {
  it('forwards to an allowlisted site with its headers and status, keeping the browser\'s Host', async () => {
    const { res, body } = await viaProxy(`${site.origin}/a?b=1`);
    expect(res.statusCode).toBe(200);
    expect(body).toBe('page /a?b=1');
    expect(res.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(res.headers['x-host']).toBe(site.hostPort);
  });

  it('refuses a non-allowlisted loopback target with 403 and x-siteqa-blocked, and records it', async () => {
    const { res, body } = await viaProxy(`${internal.origin}/admin`);
    expect(res.statusCode).toBe(403);
    expect(res.headers['x-siteqa-blocked']).toBe('127.0.0.1 is a loopback address');
    expect(body).toContain('Blocked by the siteqa URL guard');
    const entry = { url: `${internal.origin}/admin`, reason: '127.0.0.1 is a loopback address', page: null };
    expect(proxy.blocked).toContainEqual(entry);
    expect(seen).toContainEqual(entry);
  });

  it('reaches a named host through the checked address', async () => {
    const { res, body } = await viaProxy(`http://site.test:${site.port}/named`);
    expect(res.statusCode).toBe(200);
    expect(body).toBe('page /named');
    expect(res.headers['x-host']).toBe(`site.test:${site.port}`);
  });

  it('refuses browser background hosts and blockHosts without a DNS lookup', async () => {
    const before = lookups.length;
    for (const url of ['http://clients2.google.com/service/update2/crx', 'http://redirector.gvt1.com/edgedl/x', 'http://ads.tracker.test/p']) {
      const { res } = await viaProxy(url);
      expect(res.statusCode).toBe(403);
      expect(res.headers['x-siteqa-blocked']).toMatch(/browser background traffic|blocked hosts/);
    }
    const tunnel = await connect('clients2.google.com:443');
    expect(tunnel.res.statusCode).toBe(403);
    expect(lookups.length).toBe(before);
    expect(proxy.blocked.map((b) => b.url)).toContain('https://clients2.google.com:443/');
  });

  it('reuses one client connection for several requests (keep-alive)', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    for (let i = 0; i < 3; i++) {
      const { res } = await viaProxy(`${site.origin}/k${i}`, { agent });
      sockets.add(res.socket);
    }
    agent.destroy();
    expect(sockets.size).toBe(1);
  });

  it('streams request bodies up and response bodies down without waiting for the end', async () => {
    const { body } = await viaProxy(`${site.origin}/echo`, { method: 'POST', body: Buffer.alloc(2_000_000, 'x') });
    expect(body).toBe('got 2000000');
    const first = await new Promise<{ chunk: string; res: IncomingMessage }>((resolve) => {
      http.get({ host: '127.0.0.1', port: proxy.port, path: `${site.origin}/stream`, agent: false }, (res) => {
        res.setEncoding('utf8').once('data', (chunk: string) => resolve({ chunk, res }));
      });
    });
    expect(first.chunk).toBe('first;'); // arrived while the upstream response is still open
    const rest = new Promise<string>((resolve) => { let t = ''; first.res.on('data', (c: string) => (t += c)).on('end', () => resolve(t)); });
    releaseStream();
    expect(await rest).toBe('last');
  });

  it('answers 502 for an upstream that refuses the connection, and keeps serving', async () => {
    const port = await closedPort();
    const lonely = await startGuardProxy({ allowlist: [`127.0.0.1:${port}`, site.hostPort] });
    try {
      const res = await new Promise<IncomingMessage>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port: lonely.port, path: `http://127.0.0.1:${port}/`, agent: false }, resolve).on('error', reject);
      });
      expect(res.statusCode).toBe(502);
      res.resume();
    } finally {
      await lonely.close();
    }
    expect((await viaProxy(`${site.origin}/after`)).res.statusCode).toBe(200);
  });

  it('answers 400 to an origin-form request and survives garbage', async () => {
    const res = await new Promise<IncomingMessage>((resolve) => http.get({ host: '127.0.0.1', port: proxy.port, path: '/', agent: false }, resolve));
    expect(res.statusCode).toBe(400);
    res.resume();
    const net = await import('node:net');
    const raw = net.connect(proxy.port, '127.0.0.1');
    let answer = '';
    raw.on('error', () => {});
    raw.on('data', (d: Buffer) => (answer += d.toString()));
    raw.end('\x00\x01 not http at all\r\n\r\n');
    await new Promise((r) => raw.on('close', r));
    expect(answer).toMatch(/^HTTP\/1.1 400 Bad Request\r\n/);
    expect((await viaProxy(`${site.origin}/still-up`)).res.statusCode).toBe(200);
  });
});

describe('what the proxy forwards', () => {
  it('sends the target authority as Host, whatever Host the client claimed (RFC 9112)', async () => {
    const { res } = await viaProxy(`${site.origin}/h`, { headers: { host: `127.0.0.1:${internal.port}` } });
    expect(res.headers['x-host']).toBe(site.hostPort);
  });

  it('carries URLs and headers far beyond Node\'s 16 kB default', async () => {
    const long = `/beacon?d=${'x'.repeat(40_000)}`;
    const { res, body } = await viaProxy(`${site.origin}${long}`, { headers: { cookie: `c=${'y'.repeat(30_000)}` } });
    expect(res.statusCode).toBe(200);
    expect(body).toBe(`page ${long}`);
  });

  it('re-frames a chunked upload', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: proxy.port, method: 'POST', path: `${site.origin}/echo`, agent: false, headers: { host: site.hostPort } });
      req.on('response', (res) => { let t = ''; res.setEncoding('utf8').on('data', (c: string) => (t += c)).on('end', () => resolve(t)); });
      req.on('error', reject);
      req.write('a'.repeat(1000)); // two writes and no Content-Length: Node sends it chunked
      req.end('b'.repeat(500));
    });
    expect(body).toBe('got 1500');
  });

  it('passes on a sloppy response a browser would accept, minus the header it cannot write', async () => {
    const net = await import('node:net');
    const sloppy = net.createServer((s) => {
      s.on('error', () => {});
      s.once('data', () => s.end('HTTP/1.1 200 OK\r\nX-Bad: a\x01b\r\nX-Good: yes\r\nContent-Length: 2\r\nTransfer-Encoding: identity\r\n\r\nok'));
    });
    await new Promise<void>((r) => sloppy.listen(0, '127.0.0.1', r));
    const port = (sloppy.address() as { port: number }).port;
    const own = await startGuardProxy({ allowlist: [`127.0.0.1:${port}`] });
    try {
      const res = await new Promise<IncomingMessage>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port: own.port, path: `http://127.0.0.1:${port}/`, agent: false }, resolve).on('error', reject);
      });
      let body = '';
      for await (const chunk of res) body += chunk;
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-good']).toBe('yes');
      expect(res.headers['x-bad']).toBeUndefined();
      expect(body).toBe('ok');
    } finally {
      await own.close();
      sloppy.close();
    }
  });
});

describe('CONNECT tunnels', () => {
  it('tunnels to an allowlisted host:port', async () => {
    const { res, socket } = await connect(site.hostPort);
    expect(res.statusCode).toBe(200);
    socket.write(`GET /tunnelled HTTP/1.1\r\nHost: ${site.hostPort}\r\nConnection: close\r\n\r\n`);
    expect(await readUntil(socket, 'page /tunnelled')).toMatch(/^HTTP\/1.1 200/);
    socket.destroy();
  });

  it('refuses a tunnel to a non-allowlisted port and records https://host:port/', async () => {
    const { res, socket } = await connect(internal.hostPort);
    expect(res.statusCode).toBe(403);
    expect(res.headers['x-siteqa-blocked']).toBe('127.0.0.1 is a loopback address');
    socket.destroy();
    expect(proxy.blocked.map((b) => b.url)).toContain(`https://127.0.0.1:${internal.port}/`);
  });

  it('answers 502 when the tunnel target refuses the connection', async () => {
    const port = await closedPort();
    const upstreamErrors: [string, string][] = [];
    const lonely = await startGuardProxy({ allowlist: [`127.0.0.1:${port}`], onUpstreamError: (url, code) => upstreamErrors.push([url, code]) });
    try {
      const { res, socket } = await new Promise<{ res: IncomingMessage; socket: Socket }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port: lonely.port, method: 'CONNECT', path: `127.0.0.1:${port}`, agent: false });
        req.on('connect', (r, s: Socket) => resolve({ res: r, socket: s })).on('error', reject).end();
      });
      expect(res.statusCode).toBe(502);
      // The browser only learns "tunnel failed"; capture learns why from the proxy.
      expect(upstreamErrors).toEqual([[`https://127.0.0.1:${port}/`, 'ECONNREFUSED']]);
      socket.destroy();
    } finally {
      await lonely.close();
    }
  });

  it('close() ends open tunnels promptly', async () => {
    const own = await startGuardProxy({ allowlist: [site.hostPort] });
    const { socket } = await new Promise<{ socket: Socket }>((resolve) => {
      http.request({ host: '127.0.0.1', port: own.port, method: 'CONNECT', path: site.hostPort, agent: false })
        .on('connect', (_r, s: Socket) => resolve({ socket: s })).end();
    });
    const closed = new Promise((r) => socket.on('close', r));
    const started = Date.now();
    await own.close();
    await closed;
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('Upgrade (websocket over plain http)', () => {
  function upgrade(url: string): Promise<{ status: number; socket: Socket; blocked?: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: proxy.port, path: url, agent: false, headers: { host: new URL(url).host, connection: 'Upgrade', upgrade: 'websocket' } });
      req.on('upgrade', (res, socket: Socket) => resolve({ status: res.statusCode ?? 0, socket }));
      req.on('response', (res) => resolve({ status: res.statusCode ?? 0, socket: res.socket as Socket, blocked: res.headers['x-siteqa-blocked'] as string }));
      req.on('error', reject);
      req.end();
    });
  }

  it('upgrades to an allowlisted site and carries bytes both ways', async () => {
    const { status, socket } = await upgrade(`${site.origin}/ws`);
    expect(status).toBe(101);
    socket.write('ping');
    expect(await readUntil(socket, 'ping')).toBe('ping');
    socket.destroy();
  });

  it('refuses an upgrade to a non-allowlisted target', async () => {
    const { status, socket, blocked } = await upgrade(`${internal.origin}/ws`);
    expect(status).toBe(403);
    expect(blocked).toBe('127.0.0.1 is a loopback address');
    socket.destroy();
  });
});
