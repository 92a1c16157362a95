// Content-Security-Policy parsing and the readings the CSP checks share (CSP Level 3 semantics):
// which policies a document enforces, and whether they really restrict scripts.
import type { PageEvidence } from '../../../evidence/types.js';
import { headerOf, httpEquiv } from './documents.js';

export interface Policy {
  source: 'header' | 'meta';
  text: string;
  directives: Map<string, string[]>;
}

/** Directives of one policy; names lower-cased, the first occurrence of a directive wins (as browsers do). */
export function parsePolicy(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of text.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (!name) continue;
    const key = name.toLowerCase();
    if (!out.has(key)) out.set(key, values.filter(Boolean));
  }
  return out;
}

/** Enforced policies: each comma-separated policy in the header, then each `<meta http-equiv>` one. */
export function policiesOf(page: PageEvidence): Policy[] {
  const out: Policy[] = [];
  const add = (source: Policy['source'], value: string) => {
    for (const text of value.split(',')) {
      const directives = parsePolicy(text);
      if (directives.size) out.push({ source, text: text.trim(), directives });
    }
  };
  const header = headerOf(page, 'content-security-policy');
  if (header) add('header', header);
  for (const meta of httpEquiv(page, 'content-security-policy')) add('meta', meta);
  return out;
}

const lower = (list: readonly string[]) => list.map((s) => s.toLowerCase());
const NONCE_OR_HASH = /^'(nonce-|sha256-|sha384-|sha512-)/;
/** Sources that allow scripts from anywhere (or from any host over a scheme). */
const BROAD = new Set(['*', 'http:', 'https:', 'data:', 'http://*', 'https://*']);

/** Sources governing scripts: script-src, falling back to default-src; null when neither is set. */
export function scriptSources(p: Policy): string[] | null {
  const list = p.directives.get('script-src') ?? p.directives.get('default-src');
  return list ? lower(list) : null;
}

export interface ScriptReading {
  restricts: boolean;
  allowsInline: boolean;
  allowsEval: boolean;
  /** Broad or plain-http sources that let any host serve scripts (ignored under 'strict-dynamic'). */
  broad: string[];
}

export function readScripts(p: Policy): ScriptReading {
  const src = scriptSources(p);
  if (!src) return { restricts: false, allowsInline: true, allowsEval: true, broad: [] };
  const strictDynamic = src.includes("'strict-dynamic'");
  const nonceOrHash = src.some((s) => NONCE_OR_HASH.test(s));
  return {
    restricts: true,
    // With a nonce or hash present, browsers ignore 'unsafe-inline' (CSP2+); 'strict-dynamic' ignores it too.
    allowsInline: src.includes("'unsafe-inline'") && !nonceOrHash && !strictDynamic,
    allowsEval: src.includes("'unsafe-eval'"),
    broad: strictDynamic ? [] : src.filter((s) => BROAD.has(s) || s.startsWith('http://')),
  };
}

/** A policy with its nonces blanked, so per-response nonces do not make every page look different. */
export function normalizePolicy(text: string): string {
  return text.replace(/'nonce-[^']*'/gi, "'nonce-…'").replace(/\s+/g, ' ').trim().slice(0, 600);
}

/** True when the sources restrict loading to something narrower than "anywhere". */
export function isRestrictive(sources: readonly string[] | undefined): boolean {
  return !!sources && sources.length > 0 && !lower(sources).some((s) => BROAD.has(s));
}
