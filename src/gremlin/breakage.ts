// What counts as broken after a chaos step — decided by code, never by a model: an uncaught
// exception or unhandled rejection, a 5xx answer, a console error, a page gone blank, and
// NaN / undefined / [object Object] shown to the person. Compared with the page before the step.
import type { Page } from 'playwright-core';
import type { Breakage } from '../evidence/types.js';
import type { Happened } from '../capture/session/page-session.js';
import { within } from '../capture/time.js';

export interface PageLook {
  text_length: number;
  media: number;
  broken_text: string | null;
}

const LOOK = `(() => {
  const text = (document.body && document.body.innerText) || '';
  const m = /\\b(NaN|undefined)\\b|\\[object Object\\]/.exec(text);
  const at = m ? Math.max(0, m.index - 40) : 0;
  return { text_length: text.trim().length, media: document.querySelectorAll('img, svg, canvas, video').length,
    broken_text: m ? text.slice(at, m.index + m[0].length + 40).replace(/\\s+/g, ' ').trim() : null };
})()`;

export function lookAt(page: Page): Promise<PageLook | null> {
  return within(page.evaluate(LOOK) as Promise<PageLook>, 1500, null);
}

export function breakagesOf(happened: Happened, before: PageLook | null, after: PageLook | null): Omit<Breakage, 'step' | 'url' | 'screenshot' | 'reproduction'>[] {
  const found: Omit<Breakage, 'step' | 'url' | 'screenshot' | 'reproduction'>[] = [];
  for (const e of happened.page_errors) found.push({ kind: 'uncaught_exception', message: e.message.slice(0, 300) });
  for (const r of happened.requests) {
    if (r.status !== null && r.status >= 500 && !r.response_headers['x-siteqa-dry-run']) found.push({ kind: 'server_error', message: `${r.method} ${r.url.slice(0, 200)} answered ${r.status}` });
  }
  for (const c of happened.console) {
    // A failed load is reported above as the server error itself.
    if (c.type === 'error' && !/^Failed to load resource/.test(c.text)) found.push({ kind: 'console_error', message: c.text.slice(0, 300) });
  }
  if (before && after && before.text_length > 0 && after.text_length === 0 && after.media === 0) found.push({ kind: 'blank_page', message: 'the page went blank: no text and no images after this step' });
  if (after?.broken_text && after.broken_text !== before?.broken_text) found.push({ kind: 'broken_text', message: `the page shows “${after.broken_text}”` });
  return found;
}

/**
 * What makes two sightings the same breakage, for shrinking: the kind and its message (an exception's
 * text, the failing request, the control or field named); for text on screen, the bad token and the
 * page's path (the words around it may differ from one replay to the next).
 */
export function signatureOf(b: Pick<Breakage, 'kind' | 'message'>, url: string): string {
  if (b.kind !== 'broken_text') return `${b.kind} ${b.message}`;
  const token = /\b(NaN|undefined)\b|\[object Object\]/.exec(b.message)?.[0] ?? '';
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // keep the raw URL
  }
  return `${b.kind} ${token} ${path}`;
}
