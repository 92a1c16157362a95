// A local copy of a site whose pages name their files at the production address (a WordPress export,
// a Hugo site built with absolute URLs): the crawl already follows production links on the copy
// (copy-host.ts, mirroredProduction). Its pages' stylesheets, scripts, fonts and images at that address
// are the copy's files too: answered from the copy at the same path, the pages are audited as they look
// and work, not unstyled (a contrast finding for a heading whose colour lives in a stylesheet the
// audit refused). Only sub-resources: documents are the crawl's to move.
import type { BrowserContext, Route } from 'playwright-core';
import { onCopy } from '../../evidence/copy-host.js';

export interface CopyMapping {
  /** The production host (`host[:port]`, lower-case) the copy's pages name. */
  production: string;
  /** The copy's origin, where the same paths are served. */
  origin: string;
}

/** The copy's address of a production file under `mapping`, or null for any other URL. */
export function copyAddress(url: string, mapping: CopyMapping | null): string | null {
  if (!mapping) return null;
  const moved = onCopy(url, mapping.production, mapping.origin);
  return moved === url ? null : moved.replace(/#.*$/, '');
}

const matches = (mapping: CopyMapping) => (url: URL) => (url.protocol === 'https:' || url.protocol === 'http:') && url.host.toLowerCase() === mapping.production;

/** Answers the production address's sub-resources in `context` from the copy. */
export async function routeProductionToCopy(context: BrowserContext, mapping: CopyMapping): Promise<void> {
  await context.route(matches(mapping), async (route: Route) => {
    const request = route.request();
    const local = copyAddress(request.url(), mapping);
    if (!local || request.isNavigationRequest()) return route.fallback().catch(() => {});
    try {
      const response = await route.fetch({ url: local, maxRedirects: 5, timeout: 15_000 });
      // Cross-origin now (production's address, the copy's answer): fonts and module scripts need CORS.
      await route.fulfill({ response, headers: { ...response.headers(), 'access-control-allow-origin': '*' } });
    } catch {
      await route.abort('connectionfailed').catch(() => {});
    }
  });
}
