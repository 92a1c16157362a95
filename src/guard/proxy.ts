// The filtering forward proxy Chromium runs through: every request and tunnel is checked, then pinned.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { BlockedRequest } from './blocked.js';
import { BROWSER_BACKGROUND_HOSTS } from './background-hosts.js';
import { cachedLookupAll } from './lookup-cache.js';
import { systemLookupAll, type GuardOptions } from './options.js';
import { makeAdmitter, type ProxyContext } from './proxy-admit.js';
import { forwardHttp, PROXY_SERVER_OPTIONS } from './proxy-http.js';
import { handleConnect, handleUpgrade } from './proxy-tunnel.js';

export type { BlockedRequest } from './blocked.js';
export { BROWSER_BACKGROUND_HOSTS } from './background-hosts.js';

export interface GuardProxy {
  /** `http://127.0.0.1:PORT`, for playwright's `proxy.server`. */
  url: string;
  port: number;
  /** Refusals so far, oldest first (the first 1000 are kept). */
  blocked: BlockedRequest[];
  close(): Promise<void>;
}

export interface GuardProxyOptions extends GuardOptions {
  onBlocked?: (b: BlockedRequest) => void;
  /** A tunnel (https) whose admitted target could not be reached, with the socket error code. */
  onUpstreamError?: (url: string, code: string) => void;
  /** Extra hosts to refuse without a lookup (string: host and its subdomains; RegExp: tested on the host). */
  blockHosts?: (string | RegExp)[];
}

/**
 * Listens on 127.0.0.1 only. The browser must send loopback through it too: launch with
 * `proxy: { server: proxy.url, bypass: '<-loopback>' }`, or Chromium reaches 127.0.0.1 directly.
 */
export async function startGuardProxy(opts: GuardProxyOptions): Promise<GuardProxy> {
  const blocked: BlockedRequest[] = [];
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const httpAgent = new http.Agent({ keepAlive: true });
  const httpsAgent = new https.Agent({ keepAlive: true });
  const ctx: ProxyContext = {
    admit: makeAdmitter({
      allowlist: opts.allowlist,
      allowlistOnly: opts.allowlistOnly,
      // A page asks for the same few hosts hundreds of times; connections still go to checked addresses.
      lookupAll: cachedLookupAll(opts.lookupAll ?? systemLookupAll),
      background: BROWSER_BACKGROUND_HOSTS,
      blockHosts: opts.blockHosts ?? [],
      blocked,
      onBlocked: opts.onBlocked,
    }),
    track,
    onUpstreamError: opts.onUpstreamError,
    httpAgent,
    httpsAgent,
  };

  const server = http.createServer(PROXY_SERVER_OPTIONS, (req, res) => forwardHttp(req, res, ctx));
  server.on('connection', track);
  server.on('connect', (req, socket: Socket, head: Buffer) => handleConnect(req, socket, head, ctx));
  server.on('upgrade', (req, socket: Socket, head: Buffer) => handleUpgrade(req, socket, head, ctx));
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', () => {}); // after listen, errors belong to single connections, handled there
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    blocked,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        httpAgent.destroy();
        httpsAgent.destroy();
      });
      return closing;
    },
  };
}
