// Sends one webhook POST through the URL guard: the URL is checked, the socket goes only to the
// checked addresses (no second DNS answer), redirects are not followed, and time and reply size are bounded.
// (guardedFetch in src/guard speaks GET/HEAD only; this is its POST sibling for outbound deliveries.)
import http from 'node:http';
import https from 'node:https';
import { GuardError } from '../guard/errors.js';
import type { GuardOptions } from '../guard/options.js';
import { pinnedLookup } from '../guard/pinned-lookup.js';
import { checkUrl } from '../guard/url.js';

export interface PostResult {
  status: number;
}

const MAX_REPLY_BYTES = 64 * 1024;

/** Resolves with the receiver's status; throws GuardError when refused, Error on network failure or timeout. */
export async function guardedPost(url: string, headers: Record<string, string>, body: string, guard: GuardOptions, timeoutMs = 10_000): Promise<PostResult> {
  const verdict = await checkUrl(url, guard);
  if (!verdict.ok) throw new GuardError(url, verdict.reason);
  const target = verdict.url;
  const client = target.protocol === 'https:' ? https : http;
  const payload = Buffer.from(body, 'utf8');
  return new Promise<PostResult>((resolve, reject) => {
    const req = client.request(
      {
        protocol: target.protocol,
        hostname: target.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: target.port || undefined,
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        headers: { ...headers, 'content-length': String(payload.length), 'user-agent': 'siteqa-webhooks/1' },
        lookup: pinnedLookup(verdict.addresses),
        agent: false, // a pooled socket would skip the pinning above
        timeout: timeoutMs,
      },
      (res) => {
        let seen = 0;
        res.on('data', (chunk: Buffer) => {
          seen += chunk.length;
          if (seen > MAX_REPLY_BYTES) res.destroy(); // the reply body is never used
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('close', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}
