// Byte tunnels through the proxy: CONNECT (https, wss) and Upgrade (websocket over plain http).
import type { IncomingMessage } from 'node:http';
import net, { type Socket } from 'node:net';
import tls from 'node:tls';
import { pinnedLookup } from './pinned-lookup.js';
import { headerSafe, type ProxyContext } from './proxy-admit.js';
import { endToEnd, withHost } from './proxy-http.js';

const CONNECT_TIMEOUT_MS = 15_000;

/** `CONNECT host:port`: check the host, then splice the browser's socket to the checked address. */
export function handleConnect(req: IncomingMessage, client: Socket, head: Buffer, ctx: ProxyContext): void {
  client.on('error', () => client.destroy());
  let target: URL;
  try {
    target = new URL(`https://${req.url ?? ''}/`);
  } catch {
    client.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    return;
  }
  const port = Number(target.port || 443);
  const url = `https://${target.hostname}:${port}/`;
  ctx.admit(url).then((admission) => {
    if (!admission.ok) return refuseSocket(client, admission.reason);
    if (client.destroyed) return;
    const upstream = net.connect({ host: bare(target.hostname), port, lookup: pinnedLookup(admission.verdict.addresses) });
    splice(client, upstream, ctx, url, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
    });
  }).catch(() => client.destroy());
}

/** Absolute-form request with `Upgrade:` (ws://): replay the request head to the checked address, then splice. */
export function handleUpgrade(req: IncomingMessage, client: Socket, head: Buffer, ctx: ProxyContext): void {
  client.on('error', () => client.destroy());
  const target = req.url ?? '';
  if (!/^https?:\/\//i.test(target)) {
    client.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    return;
  }
  ctx.admit(target).then((admission) => {
    if (!admission.ok) return refuseSocket(client, admission.reason);
    if (client.destroyed) return;
    const { url, addresses } = admission.verdict;
    const secure = url.protocol === 'https:';
    const options = { host: bare(url.hostname), port: Number(url.port || (secure ? 443 : 80)), lookup: pinnedLookup(addresses) };
    const upstream = secure
      ? tls.connect({ ...options, servername: net.isIP(options.host) ? undefined : options.host, ALPNProtocols: ['http/1.1'] })
      : net.connect(options);
    splice(client, upstream, ctx, url.href, () => {
      // Upgrade and Connection are hop-by-hop in general but are the point of this request: keep them.
      const raw = withHost(endToEnd(req.rawHeaders), url.host);
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i].toLowerCase();
        if (name === 'upgrade' || name === 'connection') raw.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
      }
      let text = `${req.method} ${url.pathname}${url.search} HTTP/1.1\r\n`;
      for (let i = 0; i < raw.length; i += 2) text += `${raw[i]}: ${raw[i + 1]}\r\n`;
      upstream.write(`${text}\r\n`);
      if (head.length) upstream.write(head);
    });
  }).catch(() => client.destroy());
}

/** Connects, runs `onOpen`, then pipes both ways; any error or close on one side ends the other. */
function splice(client: Socket, upstream: Socket, ctx: ProxyContext, target: string, onOpen: () => void): void {
  ctx.track(upstream);
  const ready = upstream instanceof tls.TLSSocket ? 'secureConnect' : 'connect';
  upstream.setTimeout(CONNECT_TIMEOUT_MS, () => upstream.destroy(new Error('connect timed out')));
  let open = false;
  upstream.once(ready, () => {
    open = true;
    upstream.setTimeout(0);
    onOpen();
    upstream.pipe(client);
    client.pipe(upstream);
  });
  upstream.on('error', (err: NodeJS.ErrnoException) => {
    if (!open) ctx.onUpstreamError?.(target, err.code ?? err.message);
    if (!open && !client.destroyed) {
      client.end(`HTTP/1.1 502 Bad Gateway\r\nx-siteqa-upstream-error: ${headerSafe(err.code ?? err.message)}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
    } else client.destroy();
  });
  upstream.on('close', () => {
    if (open) client.destroy(); // before open, the 502 written above closes the client once flushed
  });
  client.on('close', () => upstream.destroy());
}

/** Refusal on a raw socket (CONNECT or Upgrade): a 403 with the reason, then close. */
function refuseSocket(client: Socket, reason: string): void {
  if (client.destroyed) return;
  client.end(`HTTP/1.1 403 Forbidden\r\nx-siteqa-blocked: ${headerSafe(reason)}\r\ncontent-type: text/plain\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`);
}

function bare(hostname: string): string {
  return hostname.replace(/^\[(.*)\]$/, '$1');
}
