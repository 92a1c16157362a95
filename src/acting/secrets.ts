// Variables in step values, and keeping their values out of everything recorded: the evidence
// shows `{{NAME}}` or a mask, never the value — in values, URLs, request bodies, console text.
import type { Variables } from './types.js';

export const MASK = '••••';
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** The template with each `{{NAME}}` replaced by its value; unknown names are reported, not guessed. */
export function fillVariables(template: string, vars: Variables): { value: string; missing: string[] } {
  const missing: string[] = [];
  const value = template.replace(PLACEHOLDER, (_, name: string) => {
    if (name in vars) return vars[name]!;
    missing.push(name);
    return '';
  });
  return { value, missing };
}

export function usesVariables(template: string | undefined): boolean {
  return template !== undefined && new RegExp(PLACEHOLDER.source).test(template);
}

/**
 * A scrubber that replaces every variable value (as typed, URL-encoded, and form-encoded) in a
 * string with the mask. Values shorter than 3 characters are left: masking "a" would mask the page.
 */
export function secretScrubber(vars: Variables): (s: string) => string {
  const needles = new Set<string>();
  for (const v of Object.values(vars)) {
    if (v.length < 3) continue;
    needles.add(v);
    needles.add(encodeURIComponent(v));
    needles.add(new URLSearchParams({ x: v }).toString().slice(2));
    needles.add(JSON.stringify(v).slice(1, -1));
  }
  const list = [...needles].filter((n) => n.length >= 3).sort((a, b) => b.length - a.length);
  if (list.length === 0) return (s) => s;
  const re = new RegExp(list.map(escapeRe).join('|'), 'g');
  return (s) => s.replace(re, MASK);
}

/** Every string inside a JSON-like value passed through `scrub` (a copy; the input is not changed). */
export function scrubDeep<T>(value: T, scrub: (s: string) => string): T {
  if (typeof value === 'string') return scrub(value) as T;
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, scrub)) as T;
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v, scrub)])) as T;
  }
  return value;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
