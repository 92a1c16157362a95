// Report subscriptions: subscribe an address to a run's report (one per run, a weekly cap per
// address), and unsubscribe by token. The token is derived from the subscription id with the
// service's secret key, so it is never stored: only its hash is, for the lookup.
import { randomUUID } from 'node:crypto';
import { normalizeEmail } from '../notify/address.js';
import type { Runtime, LoggedWriteDeps, WriteDeps } from '../runtime.js';
import { ServiceError } from '../service-error.js';
import { FIRST_MAIL_JOB } from './jobs.js';
import { tokenHash, unsubscribeToken } from './links.js';

export const WEEK_MS = 7 * 24 * 3600_000;

/** 'scheduled' when this call created the subscription; 'unchanged' when it exists or the address is capped. */
export async function subscribe(rt: LoggedWriteDeps & Pick<Runtime, 'config' | 'secrets'>, runId: string, rawEmail: unknown, clientIp: string | null): Promise<'scheduled' | 'unchanged'> {
  const normalized = normalizeEmail(rawEmail);
  // Lower-cased whole, so case variants of one mailbox share its weekly cap.
  const email = normalized?.toLowerCase();
  if (!email) throw new ServiceError('invalid_email', 'email must be one valid address, such as you@example.com.');
  const run = await rt.store.runs.get(runId);
  if (!run) throw new ServiceError('not_found', `No run ${runId}.`);
  const now = rt.clock.now();
  if ((await rt.store.reportSubscriptions.countForEmailSince(email, new Date(now.getTime() - WEEK_MS))) >= rt.config.subscribeEmailWeeklyCap) {
    rt.log.info({ run_id: runId }, 'report subscription capped for this address');
    return 'unchanged';
  }
  const id = randomUUID();
  const created = await rt.store.reportSubscriptions.create({ id, run_id: runId, email, unsubscribe_token_hash: tokenHash(unsubscribeToken(rt, id)), client_ip: clientIp, now });
  if (!created) return 'unchanged';
  await rt.store.jobs.schedule({ id: `sub-first:${id}`, kind: FIRST_MAIL_JOB, payload: { subscription_id: id }, runAt: now, now });
  return 'scheduled';
}

/** True when the token names a subscription (now cancelled, however often asked). */
export async function unsubscribe(rt: WriteDeps, token: string): Promise<boolean> {
  const sub = await rt.store.reportSubscriptions.getByTokenHash(tokenHash(token));
  if (!sub) return false;
  if (sub.state !== 'unsubscribed') await rt.store.reportSubscriptions.update(sub.id, { state: 'unsubscribed', unsubscribed_at: rt.clock.now().toISOString() });
  return true;
}
