// Outbound meter events: one row per metered piece of work, keyed by the caller's identifier, with
// the units past the plan that the provider bills and the delivery state the job loop advances.
import type { Kysely, Selectable } from 'kysely';
import { iso } from './codec.js';
import type { Database, MeterEventsTable } from './schema.js';
import type { StoreTx } from './transaction.js';

export type MeterEventRow = MeterEventsTable;
export type MeterEventState = MeterEventsTable['state'];

export interface NewMeterEvent {
  identifier: string;
  workspace_id: string;
  meter: string;
  units: number;
  billable_units: number;
  state: MeterEventState;
  customer_id: string | null;
  now: Date;
}

export interface MeterEventsRepo {
  /** Inserts unless the identifier exists; true when this call inserted it. */
  create(input: NewMeterEvent, tx?: StoreTx): Promise<boolean>;
  get(identifier: string, tx?: StoreTx): Promise<MeterEventRow | undefined>;
  /** Sets the billable units and state decided after the row was claimed. */
  update(identifier: string, patch: { billable_units: number; state: MeterEventState }, tx?: StoreTx): Promise<void>;
  /** Records one delivery attempt's outcome: sent (with its time) or still pending / failed with the error. */
  record(identifier: string, outcome: { state: MeterEventState; attempts: number; error: string | null; now: Date }): Promise<void>;
  /** Oldest first. */
  list(workspaceId: string): Promise<MeterEventRow[]>;
}

const toRow = (r: Selectable<MeterEventsTable>): MeterEventRow => ({ ...r, units: Number(r.units), billable_units: Number(r.billable_units), attempts: Number(r.attempts) });

export function createMeterEventsRepo(db: Kysely<Database>): MeterEventsRepo {
  return {
    async create(e, tx) {
      const res = await (tx?.db ?? db)
        .insertInto('meter_events')
        .values({
          identifier: e.identifier, workspace_id: e.workspace_id, meter: e.meter, units: e.units, billable_units: e.billable_units,
          state: e.state, customer_id: e.customer_id, attempts: 0, last_error: null, created_at: iso(e.now), sent_at: null,
        })
        .onConflict((oc) => oc.column('identifier').doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
    async get(identifier, tx) {
      const row = await (tx?.db ?? db).selectFrom('meter_events').selectAll().where('identifier', '=', identifier).executeTakeFirst();
      return row && toRow(row);
    },
    async update(identifier, patch, tx) {
      await (tx?.db ?? db).updateTable('meter_events').set(patch).where('identifier', '=', identifier).execute();
    },
    async record(identifier, o) {
      await db
        .updateTable('meter_events')
        .set({ state: o.state, attempts: o.attempts, last_error: o.error?.slice(0, 500) ?? null, ...(o.state === 'sent' ? { sent_at: iso(o.now) } : {}) })
        .where('identifier', '=', identifier)
        .execute();
    },
    async list(workspaceId) {
      const rows = await db.selectFrom('meter_events').selectAll().where('workspace_id', '=', workspaceId).orderBy('created_at').orderBy('identifier').execute();
      return rows.map(toRow);
    },
  };
}
