// Report subscriptions: one per run (a unique index decides races), found again by the hash of
// their unsubscribe token.
import type { Kysely } from 'kysely';
import { iso, toCount } from './codec.js';
import type { Database, ReportSubscriptionsTable } from './schema.js';
import type { StoreTx } from './transaction.js';

export type ReportSubscriptionRow = ReportSubscriptionsTable;

export interface ReportSubscriptionsRepo {
  /** Inserts unless the run already has one; returns whether this call created it. */
  create(input: { id: string; run_id: string; email: string; unsubscribe_token_hash: string; client_ip: string | null; now: Date }): Promise<boolean>;
  get(id: string): Promise<ReportSubscriptionRow | undefined>;
  getByTokenHash(hash: string): Promise<ReportSubscriptionRow | undefined>;
  /** Subscriptions created for this address since `since`. */
  countForEmailSince(email: string, since: Date): Promise<number>;
  update(id: string, values: Partial<Pick<ReportSubscriptionRow, 'state' | 'recheck_run_id' | 'first_sent_at' | 'second_sent_at' | 'unsubscribed_at'>>, tx?: StoreTx): Promise<void>;
}

export function createReportSubscriptionsRepo(db: Kysely<Database>): ReportSubscriptionsRepo {
  return {
    async create({ id, run_id, email, unsubscribe_token_hash, client_ip, now }) {
      const res = await db
        .insertInto('report_subscriptions')
        .values({ id, run_id, email, unsubscribe_token_hash, client_ip, state: 'scheduled', recheck_run_id: null, first_sent_at: null, second_sent_at: null, unsubscribed_at: null, created_at: iso(now) })
        .onConflict((oc) => oc.column('run_id').doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
    async get(id) {
      return db.selectFrom('report_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async getByTokenHash(hash) {
      return db.selectFrom('report_subscriptions').selectAll().where('unsubscribe_token_hash', '=', hash).executeTakeFirst();
    },
    async countForEmailSince(email, since) {
      const row = await db
        .selectFrom('report_subscriptions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('email', '=', email)
        .where('created_at', '>=', iso(since))
        .executeTakeFirst();
      return toCount(row?.n);
    },
    async update(id, values, tx) {
      await (tx?.db ?? db).updateTable('report_subscriptions').set(values).where('id', '=', id).execute();
    },
  };
}
