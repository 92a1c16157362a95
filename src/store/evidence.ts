// Evidence bundles, stored whole and versioned, so a run can be re-graded later from exactly what the
// browser recorded ("same evidence, same verdict").
import type { Kysely } from 'kysely';
import { iso, toJson } from './codec.js';
import type { Database } from './schema.js';
import type { StoreTx } from './transaction.js';

export interface StoredEvidence {
  schema_version: number;
  bundle: unknown;
}

export interface EvidenceRepo {
  /** One bundle per run; saving again (a re-capture) replaces it. */
  save(runId: string, bundle: unknown, schemaVersion: number, now: Date, tx?: StoreTx): Promise<void>;
  get(runId: string): Promise<StoredEvidence | undefined>;
}

export function createEvidenceRepo(db: Kysely<Database>): EvidenceRepo {
  return {
    async save(runId, bundle, schemaVersion, now, tx) {
      const row = { run_id: runId, schema_version: schemaVersion, bundle: toJson(bundle), created_at: iso(now) };
      await (tx?.db ?? db)
        .insertInto('evidence')
        .values(row)
        .onConflict((oc) =>
          oc.column('run_id').doUpdateSet({
            schema_version: row.schema_version,
            bundle: row.bundle,
            created_at: row.created_at,
          }),
        )
        .execute();
    },

    async get(runId) {
      const row = await db
        .selectFrom('evidence')
        .select(['schema_version', 'bundle'])
        .where('run_id', '=', runId)
        .executeTakeFirst();
      return row && { schema_version: Number(row.schema_version), bundle: JSON.parse(row.bundle) as unknown };
    },
  };
}
