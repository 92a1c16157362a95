// Records every request one page makes (main frame and sub-frames): status, sizes, timing,
// failure, and whether the guard refused it. Also tracks in-flight requests for settling.
import type { Page, Request } from 'playwright-core';
import { failureReason, withUpstreamError } from '../evidence/request-outcome.js';
import { withoutCookieValues } from '../evidence/set-cookie.js';
import type { RedirectHop, RequestRecord } from '../evidence/types.js';
import { sleep } from './time.js';

const MAX_REQUESTS = 1500;
const MAX_POST_DATA = 2000;
/** Long-lived requests that must not keep a page from settling. */
const STREAMING = new Set(['eventsource', 'websocket', 'media']);

export interface NetworkLog {
  records: RequestRecord[];
  inflight(): number;
  lastActivity(): number;
  /** Resolves once no request has been in flight for `quietMs`, or after `maxMs` at the latest. */
  settle(maxMs: number, quietMs: number): Promise<void>;
  /** Waits for pending response-header and size look-ups (bounded by the caller). */
  flush(): Promise<void>;
  /**
   * The page's document has been read: from now on a new main-frame navigation (a timed meta refresh, a
   * script's delayed redirect) is a departure. `held`: the navigation is stopped (PageSession.holdDocument),
   * so the document stays and its later requests are still recorded; otherwise nothing after the
   * departure is recorded as this page's.
   */
  seal(held?: boolean): void;
  /** Where the main frame went after `seal`, when it left the recorded document. */
  departure(): string | null;
  /** The main frame's final document request and its redirect hops, when there is one. */
  mainDocument(): { record: RequestRecord; chain: RedirectHop[]; headers: Record<string, string> } | null;
  detach(): void;
}

export interface NetworkLogOptions {
  /** Epoch ms of the page's navigation start, for request start offsets. */
  navStart: () => number;
  /** Whether the URL guard refused this request (see the guard proxy's record). */
  isBlocked: (url: string, failure: string | null, headers: Record<string, string>) => boolean;
  /** Whether the request is a known beacon answered locally with 204. */
  isStubbed: (url: string) => boolean;
  /** The guard's reason for refusing this URL's host, when it did (a refused tunnel carries no header). */
  blockedReason?: (url: string) => string | null;
  /** The proxy's socket error for a tunnel to this URL's host that could not be opened (ECONNREFUSED…). */
  upstreamError?: (url: string) => string | null;
  /** The copy's address a production file was answered from on a mirrored local copy, or null. */
  servedFromCopy?: (url: string) => string | null;
}

export function recordNetwork(page: Page, { navStart, isBlocked, isStubbed, blockedReason, upstreamError, servedFromCopy }: NetworkLogOptions): NetworkLog {
  const byRequest = new Map<Request, RequestRecord>();
  const records: RequestRecord[] = [];
  const pending = new Set<Promise<unknown>>();
  const open = new Set<Request>();
  let last = Date.now();
  let mainDoc: Request | null = null;
  const docHeaders = new Map<Request, Record<string, string>>();
  let sealed = false;
  let held = false;
  let departedTo: string | null = null;

  const track = (p: Promise<unknown>) => {
    const q = p.catch(() => {}).finally(() => pending.delete(q));
    pending.add(q);
  };

  const onRequest = (req: Request) => {
    last = Date.now();
    if (records.length >= MAX_REQUESTS || (departedTo !== null && !held)) return;
    const nav = req.isNavigationRequest() && req.frame() === page.mainFrame();
    if (nav && sealed && !req.redirectedFrom()) {
      departedTo ??= req.url();
      return;
    }
    if (nav) mainDoc = req;
    if (!STREAMING.has(req.resourceType())) open.add(req);
    const rec: RequestRecord = {
      url: req.url(), method: req.method(), resource_type: req.resourceType(), is_navigation: nav,
      status: null, failure: null, blocked: false, beacon_stubbed: isStubbed(req.url()), body_bytes: null, transfer_bytes: null,
      start_ms: Math.max(0, Date.now() - navStart()), duration_ms: null, response_headers: {},
      post_data: req.postData()?.slice(0, MAX_POST_DATA) ?? null,
    };
    const copy = nav ? null : servedFromCopy?.(rec.url);
    if (copy) rec.served_from_copy = copy;
    byRequest.set(req, rec);
    records.push(rec);
  };
  const onResponse = (res: import('playwright-core').Response) => {
    last = Date.now();
    const rec = byRequest.get(res.request());
    if (!rec) return;
    rec.status = res.status();
    track(res.allHeaders().then((raw) => {
      const h = withoutCookieValues(raw);
      rec.response_headers = h;
      // Our proxy's own 502 for a target it could not reach: a network failure, not a site status.
      if (h['x-siteqa-upstream-error']) {
        rec.status = null;
        rec.failure = withUpstreamError('net::ERR_CONNECTION_FAILED', h['x-siteqa-upstream-error']);
        rec.failure_reason = failureReason(rec.failure);
      }
      if (rec.is_navigation) docHeaders.set(res.request(), h);
      if (isBlocked(rec.url, null, h)) {
        rec.blocked = true;
        rec.guard_reason = h['x-siteqa-blocked'] ?? blockedReason?.(rec.url) ?? null;
        rec.failure_reason = failureReason(rec.failure, rec.guard_reason);
      }
    }));
  };
  const onDone = (req: Request) => {
    last = Date.now();
    open.delete(req);
    const rec = byRequest.get(req);
    if (!rec) return;
    const t = req.timing();
    if (t.responseEnd > 0) rec.duration_ms = Math.round(t.responseEnd);
    if (t.startTime > 0) rec.start_ms = Math.max(0, Math.round(t.startTime - navStart()));
    track(req.sizes().then((s) => {
      rec.body_bytes = s.responseBodySize;
      rec.transfer_bytes = s.responseBodySize + s.responseHeadersSize;
    }));
  };
  const onFailed = (req: Request) => {
    last = Date.now();
    open.delete(req);
    const rec = byRequest.get(req);
    if (!rec) return;
    // Our proxy's own 502 already said why (its headers may arrive first): the browser then abandons
    // the answer (net::ERR_ABORTED in the headless shell), which must not hide that reason.
    const upstream = rec.response_headers['x-siteqa-upstream-error'];
    rec.failure = upstream ? withUpstreamError('net::ERR_CONNECTION_FAILED', upstream) : req.failure()?.errorText ?? 'failed';
    if (isBlocked(rec.url, rec.failure, rec.response_headers)) {
      rec.blocked = true;
      rec.guard_reason ??= rec.response_headers['x-siteqa-blocked'] ?? blockedReason?.(rec.url) ?? null;
    } else if (/ERR_TUNNEL_CONNECTION_FAILED/.test(rec.failure)) {
      // Through the proxy Chromium cannot say why a tunnel failed; the proxy can (refused, reset, timed out).
      const code = upstreamError?.(rec.url);
      if (code) rec.failure = withUpstreamError(rec.failure, code);
    }
    // Every attempt keeps its outcome: a dead host or a CSP block is evidence, not noise to drop.
    rec.failure_reason = failureReason(rec.failure, rec.guard_reason ?? null);
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onFailed);

  return {
    records,
    inflight: () => open.size,
    lastActivity: () => last,
    async settle(maxMs, quietMs) {
      const end = Date.now() + maxMs;
      while (Date.now() < end && !(open.size === 0 && Date.now() - last >= quietMs)) await sleep(Math.min(50, end - Date.now()));
    },
    flush: async () => {
      await Promise.all([...pending]);
    },
    seal(isHeld = false) {
      sealed = true;
      held = isHeld;
    },
    departure: () => departedTo,
    mainDocument() {
      if (!mainDoc) return null;
      const record = byRequest.get(mainDoc);
      if (!record) return null;
      const chain: RedirectHop[] = [];
      for (let r = mainDoc.redirectedFrom(); r; r = r.redirectedFrom()) {
        const hop = byRequest.get(r);
        chain.unshift({ url: r.url(), status: hop?.status ?? 0, location: hop?.response_headers['location'] ?? null });
      }
      return { record, chain, headers: docHeaders.get(mainDoc) ?? record.response_headers };
    },
    detach() {
      page.off('request', onRequest);
      page.off('response', onResponse);
      page.off('requestfinished', onDone);
      page.off('requestfailed', onFailed);
    },
  };
}

