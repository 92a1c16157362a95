// Share tokens: 192 random bits, URL-safe. Holding one is the authorization to read a report.
import { randomBytes } from 'node:crypto';
import type { Runtime } from '../runtime.js';
import type { RunRow } from '../store/index.js';

export function newShareToken(): string {
  return randomBytes(24).toString('base64url');
}

export { eventsUrlFor, reportUrlFor } from '../links.js';

/** Revokes a run's share link: a new token replaces it (old links answer 404). Undefined: no such run. */
export async function revokeShareLink(rt: Pick<Runtime, 'store'>, runId: string): Promise<RunRow | undefined> {
  return rt.store.runs.replaceShareToken(runId, newShareToken());
}
