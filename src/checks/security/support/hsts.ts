// Reading Strict-Transport-Security (RFC 6797) and knowing which hosts browsers force to HTTPS anyway.
import type { PageEvidence } from '../../../evidence/types.js';
import { headerOf } from './documents.js';

export interface Hsts {
  raw: string;
  /** null when the header has no valid max-age (browsers then ignore it). */
  maxAge: number | null;
  includeSubDomains: boolean;
  preload: boolean;
}

/** The first policy browsers honour (later comma-joined copies are ignored). */
export function readHsts(page: PageEvidence): Hsts | null {
  const raw = headerOf(page, 'strict-transport-security');
  if (raw === null) return null;
  const first = raw.split(',')[0]!;
  let maxAge: number | null = null;
  let includeSubDomains = false;
  let preload = false;
  for (const part of first.split(';')) {
    const [k, v] = part.split('=').map((s) => s?.trim());
    const key = (k ?? '').toLowerCase();
    if (key === 'max-age' && v !== undefined && /^"?\d+"?$/.test(v)) maxAge = Number(v.replace(/"/g, ''));
    else if (key === 'includesubdomains') includeSubDomains = true;
    else if (key === 'preload') preload = true;
  }
  return { raw: raw.slice(0, 200), maxAge, includeSubDomains, preload };
}

/** True when the header actually makes browsers use HTTPS (a valid, non-zero max-age). */
export function hstsActive(h: Hsts | null): boolean {
  return !!h && h.maxAge !== null && h.maxAge > 0;
}

// Top-level domains on the browsers' HSTS preload list as a whole (Chromium's transport_security_state
// list): every host under them is HTTPS-only whatever headers it sends.
const PRELOADED_TLDS = new Set([
  'android', 'app', 'bank', 'boo', 'chrome', 'dad', 'day', 'dev', 'eat', 'esq', 'fly', 'foo', 'gle', 'gmail',
  'google', 'hangout', 'ing', 'insurance', 'meme', 'mov', 'new', 'nexus', 'page', 'phd', 'prof', 'rsvp', 'search',
  'soy', 'youtube', 'zip',
]);

export function onPreloadedTld(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/\.$/, '');
    return PRELOADED_TLDS.has(host.slice(host.lastIndexOf('.') + 1).toLowerCase());
  } catch {
    return false;
  }
}
