// Runs: one row per audit (later monitor, flow, gremlin) run. The runs table is also the work queue;
// the claim/lease half lives in run-leases.ts.
import { sql, type Kysely } from 'kysely';
import { iso, toCount, toJson } from './codec.js';
import type { Dialect } from './connect.js';
import { createRunLeases, type RunLeases } from './run-leases.js';
import { toRunRow, type CreateRunInput, type RunRow } from './run-row.js';
import type { Database } from './schema.js';
import type { StoreTx } from './transaction.js';

export * from './run-row.js';

export interface RunsRepo extends RunLeases {
  /** A queued run; within `tx` it exists only if the transaction commits. */
  create(input: CreateRunInput, tx?: StoreTx): Promise<RunRow>;
  get(id: string): Promise<RunRow | undefined>;
  getByShareToken(token: string): Promise<RunRow | undefined>;
  /** Newest first. */
  list(filter: { workspace_id: string; limit: number }): Promise<RunRow[]>;
  /** Gives the run a new share token (the old one stops working); undefined when there is no such run. */
  replaceShareToken(id: string, token: string): Promise<RunRow | undefined>;
  /** Queued + running; with `upTo`, counting stops there (enough to tell whether a pool is full). */
  countActive(filter: { anonymousOnly: boolean; upTo?: number }): Promise<number>;
}

export function createRunsRepo(db: Kysely<Database>, dialect: Dialect): RunsRepo {
  return {
    ...createRunLeases(db, dialect),
    async create(input, tx) {
      const row = await (tx?.db ?? db)
        .insertInto('runs')
        .values({
          id: input.id,
          kind: input.kind ?? 'audit',
          url: input.url,
          status: 'queued',
          failure_reason: null,
          source: input.source,
          workspace_id: input.workspace_id,
          monitor_id: input.monitor_id ?? null,
          share_token: input.share_token,
          client_ip: input.client_ip,
          options: toJson(input.options ?? {}),
          attempts: 0,
          created_at: iso(input.now),
          started_at: null,
          finished_at: null,
          lease_owner: null,
          lease_expires_at: null,
          trigger: input.trigger ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRunRow(row);
    },

    async get(id) {
      const row = await db.selectFrom('runs').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRunRow(row);
    },

    async replaceShareToken(id, token) {
      const row = await db.updateTable('runs').set({ share_token: token }).where('id', '=', id).returningAll().executeTakeFirst();
      return row && toRunRow(row);
    },

    async getByShareToken(token) {
      const row = await db.selectFrom('runs').selectAll().where('share_token', '=', token).executeTakeFirst();
      return row && toRunRow(row);
    },

    async list({ workspace_id, limit }) {
      const rows = await db
        .selectFrom('runs')
        .selectAll()
        .where('workspace_id', '=', workspace_id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(Math.max(0, Math.floor(limit)))
        .execute();
      return rows.map(toRunRow);
    },

    async countActive({ anonymousOnly, upTo }) {
      const active = db
        .selectFrom('runs')
        .select('id')
        // Literals, not parameters: the planners then match the partial index of active anonymous runs.
        .where('status', 'in', [sql.lit('queued'), sql.lit('running')])
        .$if(anonymousOnly, (q) => q.where('workspace_id', 'is', null))
        .$if(upTo !== undefined, (q) => q.limit(Math.max(0, Math.floor(upTo!))));
      const row = await db.selectFrom(active.as('active')).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      return toCount(row?.n);
    },
  };
}
