// Renders a finding's free-form evidence readably: definition lists, short lists, links, folded long values.
import { escapeHtml, externalLink, safeHttpUrl } from '../../html/escape.js';
import { humanizeKey } from './format.js';

/** Strings longer than this are cut, with the whole value one click away in a <details>. */
export const INLINE_CHARS = 200;
/** Arrays show this many items, then "and N more". */
export const LIST_ITEMS = 5;
/**
 * Deeper nesting is shown as compact JSON: evidence is meant to be flat, this is a safety net. Five levels
 * reach the elements listed per page (`pages[].nodes[]`: an axe rule's, a keyboard check's) as blocks.
 */
const MAX_DEPTH = 5;
/** Fields that place an element on a picture (drawn as outlines there), not read as text. */
const PICTURE_KEYS = new Set(['rect', 'picture', 'was']);
/** Upper bound on one value's text, so a stray multi-megabyte snippet cannot swamp the page. */
const MAX_FULL_CHARS = 50_000;
/** Upper bound on items rendered from one array (the rest are counted, not listed). */
const MAX_ITEMS = 200;

/** Cuts on code-point boundaries so an emoji or CJK character is never split in half. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  return Array.from(text).slice(0, max).join('');
}

const none = (word = 'none') => `<span class="muted">${word}</span>`;

/** Keys whose values are code (selectors, markup, stacks): shown in monospace. */
const CODE_KEY = /^(selectors?|targets?|html|snippets?|elements?|xpath|stack|css|code)$|_(selector|html|snippet)$/i;

function renderString(text: string, key: string): string {
  if (text === '') return none('(empty)');
  const href = safeHttpUrl(text);
  if (href && !/\s/.test(text)) {
    const shown = text.length > INLINE_CHARS ? `${cut(text, INLINE_CHARS - 1)}…` : text;
    return externalLink(text, shown);
  }
  const multiline = text.includes('\n');
  const code = CODE_KEY.test(key) || text.trimStart().startsWith('<');
  const wrap = (t: string) => (code ? `<code>${escapeHtml(t)}</code>` : escapeHtml(t));
  if (text.length <= INLINE_CHARS && !multiline) return wrap(text);
  // A <pre> scrolls when long (max-height in the stylesheet): focusable, so keyboard users can scroll it.
  if (text.length <= INLINE_CHARS) return `<pre tabindex="0">${escapeHtml(text)}</pre>`;
  const firstLine = text.split('\n', 1)[0];
  const preview = `${cut(firstLine, INLINE_CHARS - 1).trimEnd()}…`;
  const full = text.length > MAX_FULL_CHARS ? `${cut(text, MAX_FULL_CHARS)}\n… (cut at ${MAX_FULL_CHARS} characters)` : text;
  return (
    wrap(preview) +
    `<details><summary>Show full value (${text.length} characters)</summary><pre tabindex="0">${escapeHtml(full)}</pre></details>`
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function renderArray(items: unknown[], depth: number, key: string): string {
  if (items.length === 0) return none();
  const li = (v: unknown) => `<li>${renderValue(v, depth + 1, key)}</li>`;
  // Lists of records (axe nodes, cookies) read as separated blocks, not as bullets.
  const cls = items.every(isRecord) ? 'vlist objs' : 'vlist';
  const head = items.slice(0, LIST_ITEMS).map(li).join('');
  if (items.length <= LIST_ITEMS) return `<ul class="${cls}">${head}</ul>`;
  const rest = items.slice(LIST_ITEMS, MAX_ITEMS);
  const unlisted = items.length - LIST_ITEMS - rest.length;
  const tail = unlisted > 0 ? `<li class="muted">… ${unlisted} more not listed</li>` : '';
  return (
    `<ul class="${cls}">${head}</ul>` +
    `<details><summary>and ${items.length - LIST_ITEMS} more</summary><ul class="${cls}">${rest.map(li).join('')}${tail}</ul></details>`
  );
}

function renderObject(obj: Record<string, unknown>, depth: number): string {
  const keys = Object.keys(obj).filter((k) => !(depth > 1 && PICTURE_KEYS.has(k) && isRecord(obj[k])));
  if (keys.length === 0) return none();
  return `<dl class="kv">${keys.map((k) => row(k, obj[k], depth + 1)).join('')}</dl>`;
}

/** Records and lists of records get the full width on narrow screens (class `wide`). */
function row(key: string, value: unknown, depth: number): string {
  const wide = isRecord(value) || (Array.isArray(value) && value.length > 0 && value.every(isRecord));
  const cls = wide ? ' class="wide"' : '';
  return `<dt${cls}>${escapeHtml(humanizeKey(key))}</dt><dd${cls}>${renderValue(value, depth, key)}</dd>`;
}

/**
 * Any JSON value as HTML; every string in it is escaped or passed through the link filter.
 * `key` is the field the value sits under, used only to choose monospace for code-like values.
 */
export function renderValue(value: unknown, depth = 0, key = ''): string {
  if (value === null || value === undefined) return none();
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number' || typeof value === 'bigint') return escapeHtml(String(value));
  if (typeof value === 'string') return renderString(value, key);
  if (depth >= MAX_DEPTH) return renderString(safeJson(value), 'code');
  if (Array.isArray(value)) return renderArray(value, depth, key);
  if (typeof value === 'object') return renderObject(value as Record<string, unknown>, depth);
  return escapeHtml(String(value));
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The evidence fields of a finding as one definition list, leaving out fields shown elsewhere. */
export function renderEvidenceFields(evidence: Record<string, unknown>, omit: readonly string[]): string {
  const keys = Object.keys(evidence).filter((k) => !omit.includes(k));
  if (keys.length === 0) return '';
  return `<dl class="kv evidence">${keys.map((k) => row(k, evidence[k], 1)).join('')}</dl>`;
}
