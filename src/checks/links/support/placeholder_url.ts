// Addresses a template leaves for its user to fill in, never filled: a host reserved for examples
// (RFC 2606, RFC 6761: example.com, *.invalid, *.test), an unrendered template variable (`{{ site.twitter }}`),
// or a path part or query value that names what belongs there in capitals (`YOUR_USERNAME`,
// `/f/VOTRE_ID_FORMSPREE`, `?id=FORM_ID`). Read from the address alone: nothing needs asking.

/** Names reserved for examples (RFC 2606, RFC 6761). */
export const RESERVED_HOST = /(?:^|\.)example\.(?:com|net|org)$|\.(?:example|invalid|test)$|^(?:example|invalid|test)$/i;

/** A template variable left unrendered: Liquid/Jinja/Handlebars `{{ … }}`, `{% … %}`, `${…}`, `<%= … %>` (also percent-encoded). */
const TEMPLATE_VARIABLE = /\{\{.*?\}\}|\{%.*?%\}|\$\{[^}]+\}|<%=?.*?%>/;

/**
 * Words a placeholder in capitals is made of: whose ("YOUR", "VOTRE", "TU", "DEIN", "SEU"…) or what
 * ("USERNAME", "FORM_ID", "API_KEY"…). A token must be two or more capital words joined by "_" with at
 * least one of these: `ISO_8601` or `README_FIRST` stay addresses.
 */
const PLACEHOLDER_WORDS = new Set([
  'YOUR', 'YOURS', 'VOTRE', 'TON', 'TU', 'SU', 'TUO', 'DEIN', 'DEINE', 'IHR', 'IHRE', 'SEU', 'SUA', 'UW', 'JOUW', 'MY', 'INSERT', 'REPLACE', 'PLACEHOLDER', 'CHANGEME', 'TODO',
  'USERNAME', 'USER', 'HANDLE', 'ACCOUNT', 'PROFILE', 'PAGE', 'CHANNEL', 'ID', 'KEY', 'TOKEN', 'FORM', 'ENDPOINT', 'EMAIL', 'NAME', 'URL', 'LINK', 'NUMBER', 'PHONE',
]);
const CAPITAL_TOKEN = /^[A-Z]{2,}(?:_[A-Z]{2,})+$/;

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
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
  const parts = [...u.pathname.split('/'), ...[...u.searchParams.values()]].map(decoded);
  for (const part of parts) {
    const variable = TEMPLATE_VARIABLE.exec(part);
    if (variable) return variable[0];
    if (CAPITAL_TOKEN.test(part) && part.split('_').some((w) => PLACEHOLDER_WORDS.has(w))) return part;
  }
  return null;
}
