// How the guard's own HTTP clients parse target responses: as forgivingly as a browser does.

/**
 * Browsers read sloppy responses (odd header bytes, both Content-Length and Transfer-Encoding) that
 * Node's strict parser rejects; a site must not look broken only because our client is stricter.
 * Big headers and long URLs (beacons) are common, so the 16 kB default is raised to Chromium's scale.
 */
export const UPSTREAM_PARSING = { insecureHTTPParser: true, maxHeaderSize: 256 * 1024 } as const;
