// Hosts Chromium talks to on its own (updates, safe browsing, field trials, push), never on a page's behalf.
// The proxy refuses them before any DNS lookup: they are not the site, and they would leak our runs.

/**
 * A string matches the host itself and its subdomains; a RegExp is tested against the host name.
 * Hosts that pages also load on purpose (accounts.google.com for "Sign in with Google",
 * translate.googleapis.com for the translate widget, www.googleapis.com, firebase*) are deliberately
 * absent: blocking them would break real sites and turn into false findings.
 */
export const BROWSER_BACKGROUND_HOSTS: (string | RegExp)[] = [
  /^clients\d*\.google\.com$/, // component and extension updates, CRLSet, crash upload (exact names only)
  'clients2.googleusercontent.com', // extension downloads
  'update.googleapis.com', // component updater
  'clientservices.googleapis.com', // variations (field trial) seed
  'content-autofill.googleapis.com', // autofill server predictions
  'optimizationguide-pa.googleapis.com', // optimization guide hints and models
  'passwordsleakcheck-pa.googleapis.com', // leaked-credential check
  'chromewebstore.googleapis.com', // web store metadata
  'oauthaccountmanager.googleapis.com', // browser sign-in token exchange
  /^safebrowsing[a-z0-9-]*\.googleapis\.com$/, // safe browsing lists, incl. the OHTTP gateway
  'safebrowsing.google.com',
  'sb-ssl.google.com',
  'android.clients.google.com', // push (GCM) check-in
  'mtalk.google.com', // push (GCM) connection
  'gvt1.com', // component and update downloads (redirector.gvt1.com, edgedl.me.gvt1.com)
  'gvt2.com', // network quality and beacon probes
];

/** Host name as compared: lower-case, no IPv6 brackets, no trailing dot. */
export function normalizeHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.+$/, '');
}

export function matchesHost(hostname: string, patterns: readonly (string | RegExp)[]): boolean {
  const host = normalizeHost(hostname);
  return patterns.some((p) => {
    if (typeof p !== 'string') {
      p.lastIndex = 0; // a caller's /g or /y pattern would otherwise remember the previous match
      return p.test(host);
    }
    const name = normalizeHost(p);
    return host === name || host.endsWith(`.${name}`);
  });
}
