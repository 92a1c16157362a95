// Sends one webhook POST through the URL guard (guardedFetch): the URL is checked, the socket goes
// only to the checked addresses, redirects are not followed, and time and reply size are bounded.
import { guardedFetch } from '../guard/fetch.js';
import type { GuardOptions } from '../guard/options.js';

export interface PostResult {
  status: number;
}

const MAX_REPLY_BYTES = 64 * 1024;

/** Resolves with the receiver's status; throws GuardError when refused, Error on network failure or timeout. */
export async function guardedPost(url: string, headers: Record<string, string>, body: string, guard: GuardOptions, timeoutMs = 10_000): Promise<PostResult> {
  const res = await guardedFetch(
    url,
    { method: 'POST', body, headers: { ...headers, 'user-agent': 'siteqa-webhooks/1' }, followRedirects: false, maxBytes: MAX_REPLY_BYTES, timeoutMs },
    guard,
  );
  return { status: res.status };
}
