// Which head resources block the first paint: parser-blocking scripts and stylesheets whose media
// applies to the audited viewport, each matched to the request that fetched it before first paint.
import type { PageEvidence, RequestRecord } from '../../../evidence/types.js';
import { requestsByUrl, withoutHash } from './requests.js';

const CLASSIC_SCRIPT_TYPES = new Set([
  '', 'text/javascript', 'application/javascript', 'application/x-javascript', 'text/ecmascript',
  'application/ecmascript', 'text/jscript', 'text/livescript',
]);

/** How far after the first paint a request may seem to start and still be taken as before it. */
const CLOCK_MARGIN_MS = 100;

export interface BlockingResource {
  kind: 'script' | 'stylesheet';
  url: string;
  request: RequestRecord;
}

/**
 * True when a stylesheet `media` attribute applies on screen at this viewport width. Only plain
 * forms are understood (all, screen, print, min-/max-width in px); anything else counts as not
 * blocking, so an unusual query never produces a finding.
 */
export function mediaApplies(media: string | null, viewportWidth: number): boolean {
  if (media === null) return true;
  const queries = media.toLowerCase().split(',').map((q) => q.trim());
  return queries.some((q) => {
    if (q === '' || q === 'all' || q === 'screen' || q === 'only screen') return true;
    const m = /^(?:only\s+)?(?:(all|screen)\s+and\s+)?\(\s*(min|max)-width\s*:\s*(\d+(?:\.\d+)?)px\s*\)$/.exec(q);
    if (!m) return false;
    const px = Number(m[3]);
    return m[2] === 'min' ? viewportWidth >= px : viewportWidth <= px;
  });
}

/** Scripts that stop the parser: in head, with src, no async/defer, a classic JavaScript type. */
function isParserBlocking(s: { src: string | null; async: boolean; defer: boolean; type: string | null; in_head: boolean }): boolean {
  if (!s.src || !s.in_head || s.async || s.defer) return false;
  // type=module is deferred by default; non-JS types (text/plain used by consent managers) never run.
  return CLASSIC_SCRIPT_TYPES.has((s.type ?? '').trim().toLowerCase());
}

/**
 * Render-blocking resources of one page. A resource only counts when its request started before
 * the page's first contentful paint: anything fetched later (injected by script, or loaded
 * asynchronously and switched to a stylesheet afterwards) cannot have held the first paint back.
 */
export function blockingResources(page: PageEvidence, viewportWidth: number): BlockingResource[] {
  if (!page.dom) return [];
  const byUrl = requestsByUrl(page);
  // Paint timings count from the shown document's navigation; request times from the page's first one
  // (a start page a script sent on, "/" → "/fr/", began its own navigation 229 ms in).
  const paint = page.performance?.fcp_ms ?? null;
  const fcp = paint === null ? null : paint + shownNavigationStart(page);
  const out: BlockingResource[] = [];
  // Where the browser said which files blocked the first render, its word decides (no clocks to compare).
  const said = page.performance?.render_blocking ? new Set(page.performance.render_blocking.map(withoutHash)) : null;
  const consider = (kind: BlockingResource['kind'], url: string) => {
    const request = byUrl.get(withoutHash(url));
    if (!request || request.status === null || request.status >= 400) return;
    if (said) {
      if (said.has(withoutHash(request.url)) && !out.some((o) => o.url === request.url)) out.push({ kind, url: request.url, request });
      return;
    }
    // The request's clock and the paint timeline's are read apart and can disagree by tens of
    // milliseconds (a head stylesheet seen starting 15 ms after a 300 ms first paint): a margin keeps
    // such a page from counting in one run and not the next.
    if (fcp !== null && request.start_ms >= fcp + CLOCK_MARGIN_MS) return;
    if (!out.some((o) => o.url === request.url)) out.push({ kind, url: request.url, request });
  };
  for (const s of page.dom.scripts) if (isParserBlocking(s)) consider('script', s.src!);
  for (const l of page.dom.stylesheets) {
    if (l.in_head && l.href && mediaApplies(l.media, viewportWidth)) consider('stylesheet', l.href);
  }
  return out;
}

/**
 * When the navigation of the document shown began, in the page's request clock (ms after its first
 * navigation): 0 unless a script or meta refresh sent the browser on to another document. An HTTP
 * redirect chain is one navigation: it began with its first hop.
 */
export function shownNavigationStart(page: PageEvidence): number {
  const navigations = (page.requests ?? []).filter((r) => r.is_navigation);
  if (navigations.length < 2) return 0;
  const began = withoutHash(page.redirect_chain?.[0]?.url ?? page.final_url);
  for (let i = navigations.length - 1; i >= 0; i--) if (withoutHash(navigations[i]!.url) === began) return Math.max(0, navigations[i]!.start_ms);
  return 0;
}
