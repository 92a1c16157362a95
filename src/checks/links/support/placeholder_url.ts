// Addresses a template leaves for its user to fill in, never filled: a host reserved for examples
// (RFC 2606, RFC 6761: example.com, *.invalid, *.test), an unrendered template variable (`{{ site.twitter }}`),
// or a path part or query value in capitals that says whose value belongs there or is a template's known
// stand-in (`YOUR_USERNAME`, `/f/VOTRE_ID_FORMSPREE`, `?id=FORM_ID`). Read from the address alone.
import { percentDecoded } from '../../../evidence/url-identity.js';

/** Names reserved for examples (RFC 2606, RFC 6761). */
export const RESERVED_HOST = /(?:^|\.)example\.(?:com|net|org)$|\.(?:example|invalid|test)$|^(?:example|invalid|test)$/i;

/** A template variable left unrendered: Liquid/Jinja/Handlebars `{{ … }}`, `{% … %}`, `${…}`, `<%= … %>` (also percent-encoded). */
const TEMPLATE_VARIABLE = /\{\{.*?\}\}|\{%.*?%\}|\$\{[^}]+\}|<%=?.*?%>/;

/**
 * A placeholder in capitals names whose the value is to be ("YOUR_USERNAME", "VOTRE_ID_FORMSPREE",
 * "INSERT_KEY_HERE") or is a template's known stand-in ("FORM_ID", "API_KEY"): two or more capital words
 * joined by "_". Other capitals are real values (`?ref=PRODUCT_PAGE`, a docs page named `NPM_TOKEN`).
 */
const OWNER_WORDS = new Set(['YOUR', 'YOURS', 'VOTRE', 'TON', 'TU', 'SU', 'TUO', 'DEIN', 'DEINE', 'IHR', 'IHRE', 'SEU', 'SUA', 'UW', 'JOUW', 'INSERT', 'REPLACE', 'PLACEHOLDER', 'CHANGEME', 'CHANGE', 'ENTER', 'PUT']);
const KNOWN_STAND_INS = new Set(['FORM_ID', 'FORMSPREE_ID', 'FORMSPREE_FORM_ID', 'API_KEY', 'ACCESS_KEY', 'USER_NAME', 'USERNAME_HERE', 'EMAIL_ADDRESS', 'PHONE_NUMBER', 'CHANNEL_ID', 'PAGE_ID', 'PROFILE_ID', 'ACCOUNT_ID', 'TRACKING_ID', 'MEASUREMENT_ID']);
const CAPITAL_TOKEN = /^[A-Z]{2,}(?:_[A-Z]{2,})+$/;

/** Whether a value is a placeholder in capitals (`YOUR_EMAIL`, `FORM_ID`). */
export function isCapitalPlaceholder(value: string): boolean {
  return CAPITAL_TOKEN.test(value) && (KNOWN_STAND_INS.has(value) || value.split('_').some((w) => OWNER_WORDS.has(w)));
}


/** What makes `url` a placeholder ("example.com", "{{ site.twitter }}", "YOUR_USERNAME"), or null. */
export function placeholderIn(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(u.protocol)) return null;
  if (RESERVED_HOST.test(u.hostname)) return u.hostname;
  // Campaign parameters (utm_*) carry the sender's own labels, whatever they look like.
  const values = [...u.searchParams.entries()].filter(([key]) => !/^utm_/i.test(key)).map(([, value]) => value);
  for (const part of [...u.pathname.split('/'), ...values].map(percentDecoded)) {
    const variable = TEMPLATE_VARIABLE.exec(part);
    if (variable) return variable[0];
    if (isCapitalPlaceholder(part)) return part;
  }
  return null;
}
