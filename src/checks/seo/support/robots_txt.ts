// Reading the fetched robots.txt: whether it is a real robots file, and whether it lets a crawler in.
import type { FetchedResource } from '../../../evidence/types.js';

/** A 200 answer whose body is an HTML page (a catch-all route), not a robots file. */
export function isHtmlBody(resource: FetchedResource): boolean {
  const type = (resource.content_type ?? '').toLowerCase();
  const body = (resource.body ?? '').trimStart().slice(0, 200).toLowerCase();
  return type.includes('text/html') || body.startsWith('<!doctype html') || body.startsWith('<html');
}

/** The text of a 1-based line, trimmed, for evidence. */
export function lineText(body: string, line: number): string | null {
  if (line < 1) return null;
  return body.split(/\r\n|\r|\n/)[line - 1]?.trim() ?? null;
}
