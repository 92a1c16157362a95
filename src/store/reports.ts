// Report bodies (the serialized report JSON), one per run; regrading overwrites the body in place.
import type { Kysely } from 'kysely';
import { iso } from './codec.js';
import type { Database } from './schema.js';

export interface ReportsRepo {
  /** Inserts or replaces the run's report body. */
  save(runId: string, body: string, now: Date): Promise<void>;
  get(runId: string): Promise<string | undefined>;
}

export function createReportsRepo(db: Kysely<Database>): ReportsRepo {
  return {
    async save(runId, body, now) {
      const at = iso(now);
      await db
        .insertInto('reports')
        .values({ run_id: runId, body, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column('run_id').doUpdateSet({ body, updated_at: at }))
        .execute();
    },

    async get(runId) {
      const row = await db.selectFrom('reports').select('body').where('run_id', '=', runId).executeTakeFirst();
      return row?.body;
    },
  };
}
