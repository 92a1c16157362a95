// The payment provider's webhook events already processed, by event id: the row is written in the
// same transaction as the event's effects, so a replay (or a concurrent duplicate) changes nothing.
import type { Kysely } from 'kysely';
import { iso } from './codec.js';
import type { BillingEventsTable, Database } from './schema.js';
import type { StoreTx } from './transaction.js';

export type BillingEventRow = BillingEventsTable;

export interface BillingEventsRepo {
  get(eventId: string, tx?: StoreTx): Promise<BillingEventRow | undefined>;
  /** True for the first writer of this event id only; later ones (replays, races) get false. */
  record(input: { event_id: string; type: string; workspace_id: string | null; outcome: string; now: Date }, tx?: StoreTx): Promise<boolean>;
  /** Newest first. */
  list(limit: number): Promise<BillingEventRow[]>;
}

export function createBillingEventsRepo(db: Kysely<Database>): BillingEventsRepo {
  return {
    async get(eventId, tx) {
      return (tx?.db ?? db).selectFrom('billing_events').selectAll().where('event_id', '=', eventId).executeTakeFirst();
    },
    async record({ event_id, type, workspace_id, outcome, now }, tx) {
      const res = await (tx?.db ?? db)
        .insertInto('billing_events')
        .values({ event_id, type, workspace_id, outcome: outcome.slice(0, 500), received_at: iso(now) })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
    async list(limit) {
      return db.selectFrom('billing_events').selectAll().orderBy('received_at', 'desc').orderBy('event_id').limit(limit).execute();
    },
  };
}
