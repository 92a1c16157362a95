// Consent-gated tag placeholders in page HTML: scripts a consent manager holds back as type="text/plain"
// until a category is granted (Cookiebot, OneTrust, Klaro, Usercentrics, CookieYes, Complianz, iubenda). Pure.
import { VENDORS, matchScript, measurementId, type Vendor } from '../../evidence/vendors.js';

export interface Placeholder {
  vendor: Vendor;
  /** The consent category or service the manager waits for ("statistics", "C0002", "Google Analytics"). */
  category: string;
  /** The held-back script URL, null for an inline snippet. */
  src: string | null;
  id: string | null;
}

/** Attributes by which consent managers mark a held-back script, and the manager that uses each. */
const MARKERS: { attr: RegExp; manager: string }[] = [
  { attr: /\bdata-cookieconsent\s*=\s*["']([^"']+)/i, manager: 'Cookiebot' },
  { attr: /\bclass\s*=\s*["'][^"']*\boptanon-category-([\w-]+)/i, manager: 'OneTrust' },
  { attr: /\bdata-usercentrics\s*=\s*["']([^"']+)/i, manager: 'Usercentrics' },
  { attr: /\bdata-cookieyes\s*=\s*["']([^"']+)/i, manager: 'CookieYes' },
  { attr: /\bdata-cookiecategory\s*=\s*["']([^"']+)/i, manager: 'cookieconsent' },
  { attr: /\bdata-category\s*=\s*["']([^"']+)/i, manager: 'cookieconsent/Complianz' },
  { attr: /\bdata-name\s*=\s*["']([^"']+)/i, manager: 'Klaro' },
  { attr: /\bdata-iub-purposes\s*=\s*["']([^"']+)/i, manager: 'iubenda' },
  { attr: /\bclass\s*=\s*["'][^"']*\b(cmplz-script|_iub_cs_activate)\b/i, manager: 'Complianz/iubenda' },
];

const SCRIPT_TAG = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const MAX_PER_PAGE = 50;

function attr(attrs: string, name: string): string | null {
  const m = new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(attrs);
  return m ? m[1]! : null;
}

function resolve(src: string, base: string): string {
  try {
    return new URL(src.replace(/&amp;/g, '&'), base).href;
  } catch {
    return src;
  }
}

/** The measurement vendor an inline snippet configures, and the id it names. */
function inlineVendor(text: string): { vendor: Vendor; id: string | null } | null {
  for (const v of VENDORS) {
    if (!v.snippets?.some((re) => re.test(text))) continue;
    const id = /['"]((?:G|UA|GTM|GT)-[A-Z0-9-]{4,})['"]/i.exec(text)?.[1] ?? /googletagmanager\.com\/gtag\/js\?id=([\w-]+)/i.exec(text)?.[1] ?? null;
    return { vendor: v, id };
  }
  return null;
}

export function consentPlaceholders(html: string, baseUrl: string): Placeholder[] {
  const out: Placeholder[] = [];
  for (const m of html.matchAll(SCRIPT_TAG)) {
    if (out.length >= MAX_PER_PAGE) break;
    const attrs = m[1]!;
    if (!/^\s*text\/plain\s*$/i.test(attr(attrs, 'type') ?? '')) continue;
    const marker = MARKERS.map((k) => k.attr.exec(attrs)?.[1]).find((c) => c);
    if (!marker) continue;
    const raw = attr(attrs, 'src') ?? attr(attrs, 'data-src');
    if (raw) {
      const src = resolve(raw, baseUrl);
      const vendor = matchScript(src);
      if (vendor) out.push({ vendor, category: marker, src, id: measurementId(src) });
      continue;
    }
    const inline = inlineVendor(m[2] ?? '');
    if (inline) out.push({ vendor: inline.vendor, category: marker, src: null, id: inline.id });
  }
  return out;
}
