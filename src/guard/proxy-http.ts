// Forwards one absolute-form proxy request (`GET http://host/path`) to the checked address, streaming both ways.
import http, { validateHeaderName, validateHeaderValue, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { pinnedLookup } from './pinned-lookup.js';
import { headerSafe, type ProxyContext } from './proxy-admit.js';
import { UPSTREAM_PARSING } from './upstream.js';

// Hop-by-hop headers (RFC 9110 §7.6.1) plus the proxy-only ones Chromium adds. Transfer-Encoding is
// handled apart: Node de-chunks what it reads, so the body must be framed again on the way out.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'upgrade']);

/** Server options of the proxy: Chromium sends URLs and cookies far beyond Node's 16 kB default. */
export const PROXY_SERVER_OPTIONS = { maxHeaderSize: 256 * 1024 } as const;

export function forwardHttp(req: IncomingMessage, res: ServerResponse, ctx: ProxyContext): void {
  const target = req.url ?? '';
  if (!/^https?:\/\//i.test(target)) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('siteqa guard proxy: expected an absolute-form request\n');
    return;
  }
  ctx.admit(target).then((admission) => {
    if (!admission.ok) return refuseHttp(res, admission.reason);
    if (res.destroyed) return; // the browser gave up while we were resolving
    const { url, addresses } = admission.verdict;
    const secure = url.protocol === 'https:';
    const upstream = (secure ? https : http).request({
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port || (secure ? 443 : 80),
      method: req.method,
      path: `${url.pathname}${url.search}`,
      headers: withHost(endToEnd(req.rawHeaders), url.host),
      setHost: false,
      lookup: pinnedLookup(addresses),
      agent: secure ? ctx.httpsAgent : ctx.httpAgent,
      ...UPSTREAM_PARSING,
    });
    upstream.on('response', (answer) => {
      try {
        const message = /^[\t\x20-\x7e]*$/.test(answer.statusMessage ?? '') ? answer.statusMessage : undefined;
        res.writeHead(answer.statusCode ?? 502, message, writable(endToEnd(answer.rawHeaders)));
      } catch {
        answer.destroy();
        return failUpstream(res, 'invalid response head');
      }
      answer.on('error', () => res.destroy());
      answer.pipe(res);
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => failUpstream(res, err.code ?? err.message));
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.on('error', () => upstream.destroy());
    req.pipe(upstream);
  }).catch(() => failUpstream(res, 'internal error'));
}

export function refuseHttp(res: ServerResponse, reason: string): void {
  if (res.headersSent || res.destroyed) return void res.destroy();
  res.writeHead(403, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'x-siteqa-blocked': headerSafe(reason),
  }).end(`Blocked by the siteqa URL guard: ${reason}\n`);
}

function failUpstream(res: ServerResponse, why: string): void {
  if (res.headersSent || res.destroyed) return void res.destroy();
  // The header tells capture this 502 is ours (the target could not be reached), not the site's.
  res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-siteqa-upstream-error': headerSafe(why) })
    .end(`siteqa guard proxy: upstream failed (${headerSafe(why)})\n`);
}

/** Flat raw header list without hop-by-hop headers, including any the Connection header names. */
export function endToEnd(raw: string[]): string[] {
  const drop = new Set(HOP_BY_HOP);
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].toLowerCase() === 'connection') {
      for (const name of raw[i + 1].split(',')) if (name.trim()) drop.add(name.trim().toLowerCase());
    }
  }
  drop.delete('transfer-encoding');
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (!drop.has(raw[i].toLowerCase())) out.push(raw[i], raw[i + 1]);
  return reframed(out);
}

/**
 * A message that came with Transfer-Encoding goes on chunked, without Content-Length (RFC 9112 §6.3:
 * Transfer-Encoding wins, and sending both is what request smuggling is made of). Otherwise
 * Content-Length stays, so the browser still learns the size up front.
 */
function reframed(raw: string[]): string[] {
  const names = raw.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
  if (!names.includes('transfer-encoding')) return raw;
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (name !== 'transfer-encoding' && name !== 'content-length') out.push(raw[i], raw[i + 1]);
  }
  out.push('Transfer-Encoding', 'chunked');
  return out;
}

/** RFC 9112 §3.2.2: a proxy replaces Host with the authority of the absolute-form target. */
export function withHost(raw: string[], host: string): string[] {
  const out = ['Host', host];
  for (let i = 0; i < raw.length; i += 2) if (raw[i].toLowerCase() !== 'host') out.push(raw[i], raw[i + 1]);
  return out;
}

/** Drops header lines Node refuses to write (a leniently parsed upstream may have sent them). */
function writable(raw: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    try {
      validateHeaderName(raw[i]);
      validateHeaderValue(raw[i], raw[i + 1]);
      out.push(raw[i], raw[i + 1]);
    } catch {
      // leave the malformed line out rather than failing the whole response
    }
  }
  return out;
}
