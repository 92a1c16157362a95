// Node-side fetch for robots.txt, sitemaps and link checks: every hop is checked, then pinned.
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { bodyText, readCappedBody } from './body.js';
import { GuardError } from './errors.js';
import type { GuardOptions } from './options.js';
import { pinnedLookup } from './pinned-lookup.js';
import { UPSTREAM_PARSING } from './upstream.js';
import { checkUrl, type UrlVerdict } from './url.js';

export { GuardError } from './errors.js';

export interface GuardedResponse {
  status: number;
  /** Names lower-cased; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: string;
  truncated: boolean;
  finalUrl: string;
  redirects: { url: string; status: number; location: string | null }[];
}

export interface GuardedFetchInit {
  method?: 'GET' | 'HEAD' | 'POST';
  /** Request body (POST), sent as given. */
  body?: string;
  /** Default true. False returns a 3xx as it is (e.g. outbound webhooks, which must not be re-routed). */
  followRedirects?: boolean;
  /** Cap on decoded body bytes; default 1 MB. */
  maxBytes?: number;
  /** Budget for the whole call, redirects included; default 10 s. */
  timeoutMs?: number;
  /** Default 10. */
  maxRedirects?: number;
  headers?: Record<string, string>;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Throws GuardError when the guard refuses any hop, a plain Error on network failure or timeout. */
export async function guardedFetch(url: string, init: GuardedFetchInit, opts: GuardOptions): Promise<GuardedResponse> {
  const method = init.method ?? 'GET';
  const timeoutMs = init.timeoutMs ?? 10_000;
  const maxRedirects = init.maxRedirects ?? 10;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
  const redirects: GuardedResponse['redirects'] = [];
  try {
    let current = url;
    for (;;) {
      const verdict = await untilAborted(checkUrl(current, opts), deadline.signal);
      if (!verdict.ok) throw new GuardError(current, verdict.reason);
      const res = await untilAborted(send(verdict, method, init.headers ?? {}, init.body, deadline.signal), deadline.signal);
      const status = res.statusCode ?? 0;
      const location = one(res.headers.location);
      if (REDIRECT_STATUSES.has(status) && location !== null && init.followRedirects !== false) {
        res.destroy(); // the redirect body is never wanted
        redirects.push({ url: verdict.url.href, status, location });
        if (redirects.length > maxRedirects) throw new Error(`too many redirects (more than ${maxRedirects})`);
        current = resolveLocation(location, verdict.url);
        continue;
      }
      try {
        const body = method === 'HEAD'
          ? { bytes: Buffer.alloc(0), truncated: false }
          : await readCappedBody(res, one(res.headers['content-encoding']) ?? undefined, init.maxBytes ?? 1_000_000);
        return {
          status,
          headers: flatten(res.headers),
          body: bodyText(body.bytes, one(res.headers['content-type']) ?? undefined),
          truncated: body.truncated,
          finalUrl: verdict.url.href,
          redirects,
        };
      } finally {
        res.destroy();
      }
    }
  } catch (err) {
    if (deadline.signal.aborted && !(err instanceof GuardError)) throw deadline.signal.reason as Error;
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

function send(verdict: Extract<UrlVerdict, { ok: true }>, method: string, headers: Record<string, string>, body: string | undefined, signal: AbortSignal): Promise<IncomingMessage> {
  const { url, addresses } = verdict;
  const payload = body === undefined ? undefined : Buffer.from(body, 'utf8');
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method,
      headers: { 'accept-encoding': 'gzip, deflate, br', ...headers, ...(payload ? { 'content-length': String(payload.length) } : {}) },
      lookup: pinnedLookup(addresses),
      agent: false, // a pooled socket would skip the pinning above
      signal,
      ...UPSTREAM_PARSING,
    }, resolve);
    req.on('error', reject);
    req.end(payload);
  });
}

function resolveLocation(location: string, base: URL): string {
  try {
    return new URL(location, base).href;
  } catch {
    throw new Error(`redirect to an invalid Location: ${JSON.stringify(location.slice(0, 200))}`);
  }
}

/** Rejects with the abort reason once `signal` fires, for steps (DNS) that cannot be cancelled. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function one(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

function flatten(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = one(value) as string;
  return out;
}
