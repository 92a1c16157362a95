// The proxy's one decision point: may this request or tunnel go out, and to which checked addresses?
import type { Socket } from 'node:net';
import type { Agent as HttpAgent } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import type { BlockedRequest } from './blocked.js';
import { matchesHost } from './background-hosts.js';
import type { GuardOptions } from './options.js';
import { checkUrl, type UrlVerdict } from './url.js';

export type Admission = { ok: true; verdict: Extract<UrlVerdict, { ok: true }> } | { ok: false; reason: string };

/** What the request and tunnel handlers share with the server that owns them. */
export interface ProxyContext {
  admit(url: string): Promise<Admission>;
  /** Keeps a socket the proxy opened so close() can destroy it. */
  track(socket: Socket): void;
  httpAgent: HttpAgent;
  httpsAgent: HttpsAgent;
  /** A tunnel whose target could not be reached: the browser only sees ERR_TUNNEL_CONNECTION_FAILED. */
  onUpstreamError?: (url: string, code: string) => void;
}

export const BACKGROUND_REASON = 'is browser background traffic, not the site';
export const BLOCKED_HOST_REASON = 'is on the run\'s list of blocked hosts';
/** Refusals kept in GuardProxy.blocked; later ones still reach onBlocked. A page polling a refused URL must not grow memory without end. */
export const MAX_BLOCKED_KEPT = 1_000;

export interface AdmitterOptions extends GuardOptions {
  background: readonly (string | RegExp)[];
  blockHosts: readonly (string | RegExp)[];
  blocked: BlockedRequest[];
  onBlocked?: (b: BlockedRequest) => void;
}

/** Host patterns are tried first, so a refused background host never costs a DNS lookup. */
export function makeAdmitter(o: AdmitterOptions): (url: string) => Promise<Admission> {
  const refuse = (url: string, reason: string): Admission => {
    const b: BlockedRequest = { url, reason, page: null };
    if (o.blocked.length < MAX_BLOCKED_KEPT) o.blocked.push(b);
    try {
      o.onBlocked?.(b);
    } catch {
      // a faulty listener must not take the proxy down
    }
    return { ok: false, reason };
  };
  return async (url) => {
    let host: string;
    try {
      host = new URL(url).hostname;
    } catch {
      return refuse(url, `${JSON.stringify(url.slice(0, 200))} is not a valid absolute URL`);
    }
    if (matchesHost(host, o.background)) return refuse(url, `${host} ${BACKGROUND_REASON}`);
    if (matchesHost(host, o.blockHosts)) return refuse(url, `${host} ${BLOCKED_HOST_REASON}`);
    const verdict = await checkUrl(url, { allowlist: o.allowlist, allowlistOnly: o.allowlistOnly, lookupAll: o.lookupAll });
    return verdict.ok ? { ok: true, verdict } : refuse(url, verdict.reason);
  };
}

/** Header values must be visible ASCII; reasons can quote arbitrary URL text. */
export function headerSafe(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 300);
}
