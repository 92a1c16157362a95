// The referrer policy a document ends up with: the last valid token of the Referrer-Policy header,
// overridden by a later <meta name="referrer"> (legacy meta keywords mapped as the HTML standard does).
import type { PageEvidence } from '../../../evidence/types.js';
import { headerOf, metaNamed } from './documents.js';

const VALID = new Set([
  'no-referrer', 'no-referrer-when-downgrade', 'same-origin', 'origin', 'strict-origin',
  'origin-when-cross-origin', 'strict-origin-when-cross-origin', 'unsafe-url',
]);
const LEGACY_META: Record<string, string> = {
  never: 'no-referrer',
  default: 'strict-origin-when-cross-origin',
  always: 'unsafe-url',
  'origin-when-crossorigin': 'origin-when-cross-origin',
};

/** Policies that send the full URL (path and query) to other sites. */
export const LEAKY = new Set(['unsafe-url', 'no-referrer-when-downgrade']);

function lastValid(value: string, legacy: boolean): string | null {
  let policy: string | null = null;
  for (const raw of value.toLowerCase().split(',')) {
    const token = raw.trim();
    const mapped = legacy && LEGACY_META[token] ? LEGACY_META[token]! : token;
    if (VALID.has(mapped)) policy = mapped;
  }
  return policy;
}

export interface ReferrerReading {
  /** The effective policy, or null when the document sets none (browser default applies). */
  policy: string | null;
  source: 'header' | 'meta' | null;
  raw: string | null;
}

export function readReferrerPolicy(page: PageEvidence): ReferrerReading {
  let reading: ReferrerReading = { policy: null, source: null, raw: null };
  const header = headerOf(page, 'referrer-policy');
  if (header) {
    const policy = lastValid(header, false);
    if (policy) reading = { policy, source: 'header', raw: header };
  }
  for (const content of metaNamed(page, 'referrer')) {
    const policy = lastValid(content, true);
    if (policy) reading = { policy, source: 'meta', raw: content };
  }
  return reading;
}
