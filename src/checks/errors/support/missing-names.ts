// Whether a script the audit refused can be what an error misses. A refused library (jQuery on a CDN,
// a maps SDK, a web component's loader) defines what the page's own code calls, so "$ is not defined"
// after it is the audit's doing. A refused measurement, advertising, chat or consent vendor defines only
// its own objects: "e.imagesLoaded is not a function" after a refused tag manager and consent banner is
// the site's own bug (a jQuery plugin its theme calls and never loads), unless the error names the vendor.
import { KNOWN_GLOBALS, matchScript, thirdPartyEntity } from '../../../evidence/vendors.js';

/**
 * third-party-web categories whose scripts serve their vendor, not the page's code. Social, marketing and
 * chat SDKs are not among them: the page's own code calls what they define (`FB.init`, `twttr.widgets`,
 * `hbspt.forms.create`, `LiveChatWidget.call`), so they are judged by name (SDK_GLOBALS) like libraries are not.
 */
const VENDOR_CATEGORIES = new Set(['analytics', 'ad', 'tag-manager', 'customer-success', 'marketing', 'consent-provider', 'social']);
/**
 * Globals the page's own code calls on a vendor's SDK that the measurement catalogue does not name (its
 * tags' globals, `gtag`, `fbq`, `_paq`…, are KNOWN_GLOBALS): social and form SDKs, chat widgets, consent
 * managers' APIs, native-ad pixels.
 */
const SDK_GLOBALS = /^(?:FB|twttr|hbspt|HubSpotConversations|a2a|addthis|instgrm|PinUtils|IN|LiveChatWidget|__lc|Intercom|\$crisp|Tawk_API|zE|zESettings|drift|Calendly|olark|Beacon|fcWidget|tidioChatApi|Trustpilot|Osano|OneTrust|Optanon|OptanonWrapper|Cookiebot|CookieConsent|CookieControl|_iub|klaro|tarteaucitron|__tcfapi|__cmp|__uspapi|Didomi|UC_UI|usercentrics|qp|obApi|_tfa)$/;
/** Consent managers third-party-web files as "utility" (hosts, with their subdomains). */
const CONSENT_HOSTS = ['iubenda.com', 'cookiebot.com', 'cookielaw.org', 'onetrust.com', 'usercentrics.eu', 'cookieyes.com', 'termly.io', 'privacy-center.org', 'didomi.io', 'consensu.org', 'trustarc.com', 'osano.com', 'cookie-script.com', 'cookiehub.net', 'cookiefirst.com'];

/** The names an error says are missing: `e.imagesLoaded is not a function` → imagesLoaded, e; `reading 'push'` → push. */
export function missingNames(message: string): string[] {
  const names: string[] = [];
  for (const m of message.matchAll(/([\w$.]+) is (?:not defined|not a (?:function|constructor)|undefined)/g)) names.push(...m[1]!.split('.'));
  for (const m of message.matchAll(/\(reading '([^']+)'\)|Cannot access '([^']+)'/g)) names.push(m[1] ?? m[2]!);
  return names.filter((n) => n.length >= 2);
}

function vendorOnly(url: string): { words: string[] } | null {
  const vendor = matchScript(url);
  let host = '';
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  const entity = thirdPartyEntity(url);
  const consent = CONSENT_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
  if (!vendor && !consent && !(entity && VENDOR_CATEGORIES.has(entity.category))) return null;
  return { words: [url.toLowerCase(), ...(entity ? [entity.name.toLowerCase()] : []), ...(vendor ? [vendor.name, ...vendor.globals, ...(vendor.hint_globals ?? [])].map((w) => w.toLowerCase()) : [])] };
}

/**
 * Whether one of the refused scripts can explain the error: a library, or a vendor the error names. On a page
 * where a script of the site's own also failed by itself (`ownFailedToo`), that failure is the likelier
 * reason for a name nothing points at: a refused library then explains only a name its address carries
 * (`jQuery` → …/jquery.min.js), or one too short to tell (`$`).
 */
export function refusedScriptExplains(urls: readonly string[], message: string, ownFailedToo = false): boolean {
  const missing = missingNames(message);
  // A vendor SDK's own global: whichever vendor it is, a refused vendor script can be why it is missing.
  if (missing.some((n) => SDK_GLOBALS.test(n) || KNOWN_GLOBALS.includes(n))) return true;
  const names = missing.map((n) => n.toLowerCase());
  return urls.some((url) => {
    const vendor = vendorOnly(url);
    if (!vendor) return !ownFailedToo || !names.length || names.some((n) => n.length >= 3 && url.toLowerCase().includes(n));
    return names.some((n) => vendor.words.some((w) => w === n || (n.length >= 4 && w.includes(n))));
  });
}

/** Whether one of the failed scripts' addresses names what the error misses (`Typed` → …/typed.js). */
export function namesFailedScript(urls: readonly string[], message: string): boolean {
  const names = missingNames(message).map((n) => n.toLowerCase()).filter((n) => n.length >= 3 && n !== 'window' && n !== 'document');
  return urls.some((url) => {
    let path: string;
    try {
      path = new URL(url).pathname.toLowerCase();
    } catch {
      return false;
    }
    const file = path.slice(path.lastIndexOf('/') + 1);
    return names.some((n) => file.includes(n) || path.includes(`/${n}`));
  });
}
