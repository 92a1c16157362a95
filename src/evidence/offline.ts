// Whether the machine running the audit could reach the public internet at all. A copy of a site served
// on a machine without internet access (a CI runner behind a firewall, a sandbox that resolves no public
// name) fails every request to a public host: Google Fonts, jsDelivr and the site's own CDN alike. Those
// failures say nothing about the site. The proof is a host that is never down failing the same way,
// while no public host answered anything in the run. Pure: names and recorded outcomes, no lookups.
import { isIP } from 'node:net';
import { failureReason, type FailureReason } from './request-outcome.js';
import type { RequestRecord } from './types.js';
import { hostnameOf } from './views.js';

/**
 * Hosts that answer from anywhere with internet access: the shared CDNs, font services, tag loaders and
 * platforms sites pull from. Exact names, not domains: a misspelt or retired subdomain of a big domain
 * (`cdn.google.com`) is a real dead host, and must not prove the machine offline.
 */
const ALWAYS_UP = new Set([
  'fonts.googleapis.com', 'fonts.gstatic.com', 'ajax.googleapis.com', 'maps.googleapis.com', 'apis.google.com',
  'www.google.com', 'www.gstatic.com', 'www.googletagmanager.com', 'www.google-analytics.com',
  'region1.google-analytics.com', 'stats.g.doubleclick.net', 'pagead2.googlesyndication.com',
  'www.youtube.com', 'www.youtube-nocookie.com', 'i.ytimg.com', 'player.vimeo.com',
  'cdn.jsdelivr.net', 'fastly.jsdelivr.net', 'cdnjs.cloudflare.com', 'unpkg.com', 'code.jquery.com',
  'stackpath.bootstrapcdn.com', 'maxcdn.bootstrapcdn.com', 'use.fontawesome.com', 'kit.fontawesome.com',
  'ka-f.fontawesome.com', 'use.typekit.net', 'p.typekit.net', 'cdn.tailwindcss.com',
  'static.cloudflareinsights.com', 'challenges.cloudflare.com',
  'connect.facebook.net', 'www.facebook.com', 'platform.twitter.com', 'twitter.com', 'x.com',
  'www.linkedin.com', 'www.instagram.com', 'github.com', 'raw.githubusercontent.com',
  'avatars.githubusercontent.com', 'secure.gravatar.com', 'www.gravatar.com', 's0.wp.com', 'i0.wp.com',
  'stats.wp.com', 'images.unsplash.com', 'consent.cookiebot.com', 'consentcdn.cookiebot.com',
  'cdn.cookielaw.org', 'static.hotjar.com', 'www.clarity.ms', 'js.stripe.com', 'www.w3.org', 'schema.org',
  'en.wikipedia.org', 'upload.wikimedia.org', 'cdn.shopify.com', 'www.paypal.com',
]);

/** Failures that say a host could not be reached at all: no name, no connection, no answer in time. */
const UNREACHED: ReadonlySet<FailureReason> = new Set(['dns', 'refused', 'timeout']);

/** A public DNS name (not an IP literal, localhost, a single label or a reserved name that never resolves). */
function isPublicName(host: string): boolean {
  if (!host || isIP(host) || !host.includes('.')) return false;
  return !/(?:^|\.)(?:localhost|invalid|test|example|local|internal|home\.arpa)$/.test(host);
}

/** A record's failure reason as capture wrote it, or read from its texts (the guard's own failed lookup is `dns` too). */
export const recordedReason = (r: RequestRecord): FailureReason | null => r.failure_reason ?? failureReason(r.failure, r.guard_reason ?? null);

/**
 * The always-up host whose failure shows the audit's machine had no internet access, or null: one of
 * ALWAYS_UP failed without an answer (no name, no connection), and no public host answered any request
 * of the run. A site audited over the internet has its own public host answering, so this never
 * excuses a dead host there.
 */
export function offlineWitness(pages: readonly { url: string; final_url: string; status: number | null; requests?: readonly RequestRecord[] }[]): string | null {
  let witness: string | null = null;
  for (const page of pages) {
    if (page.status !== null && isPublicName(hostnameOf(page.final_url || page.url))) return null;
    for (const r of page.requests ?? []) {
      const host = hostnameOf(r.url);
      // A production file a local copy answered was not fetched from the internet.
      if (!isPublicName(host) || r.served_from_copy) continue;
      if (r.status !== null) return null;
      if (witness === null && ALWAYS_UP.has(host) && UNREACHED.has(recordedReason(r)!)) witness = host;
    }
  }
  return witness;
}

/**
 * A failure that only says the audit's machine is offline: a public name that was not reached, in a run
 * whose witness shows no public host could be. A reserved name (`.invalid`, `.test`) fails everywhere
 * and stays the site's defect.
 */
export function unreachedOffline(r: Pick<RequestRecord, 'url'>, reason: FailureReason | null, witness: string | null): boolean {
  return witness !== null && reason !== null && UNREACHED.has(reason) && isPublicName(hostnameOf(r.url));
}
