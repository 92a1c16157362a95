// Whether a fetched file (robots.txt, a sitemap) is an HTML page instead: a catch-all route or a
// single-page app's shell answering every path with 200. Pure.
import type { FetchedResource } from './types.js';

/** A 200 answer whose body is an HTML page, not the file asked for. */
export function isHtmlBody(resource: Pick<FetchedResource, 'content_type' | 'body'>): boolean {
  const type = (resource.content_type ?? '').toLowerCase();
  const body = (resource.body ?? '').trimStart().slice(0, 200).toLowerCase();
  return type.includes('text/html') || body.startsWith('<!doctype html') || body.startsWith('<html');
}
