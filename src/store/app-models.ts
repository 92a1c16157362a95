// App models: per workspace and domain, append-only numbered versions of the model document.
import type { Kysely, Selectable } from 'kysely';
import { toJson } from './codec.js';
import type { AppModelsTable, Database } from './schema.js';

export interface AppModelRow {
  domain: string;
  version: number;
  source: string;
  doc: Record<string, unknown>;
  created_at: string;
}

export interface AppModelsRepo {
  /** Adds version N+1 (1 for the first) and returns it. */
  append(workspaceId: string, domain: string, doc: Record<string, unknown>, source: string, now: Date): Promise<AppModelRow>;
  /** A given version, or the newest when `version` is absent. */
  get(workspaceId: string, domain: string, version?: number): Promise<AppModelRow | undefined>;
}

const toRow = (r: Selectable<AppModelsTable>): AppModelRow => ({
  domain: r.domain, version: Number(r.version), source: r.source, doc: JSON.parse(r.doc) as Record<string, unknown>, created_at: r.created_at,
});

const isUniqueViolation = (err: unknown) => /unique|duplicate key/i.test((err as Error)?.message ?? '');

export function createAppModelsRepo(db: Kysely<Database>): AppModelsRepo {
  const repo: AppModelsRepo = {
    async append(workspaceId, domain, doc, source, now) {
      // Two writers may read the same newest version: the primary key refuses the second insert,
      // which then reads again and takes the next number.
      for (let attempt = 0; ; attempt++) {
        const latest = await repo.get(workspaceId, domain);
        const row = { workspace_id: workspaceId, domain, version: (latest?.version ?? 0) + 1, source, doc: toJson(doc), created_at: now.toISOString() };
        try {
          await db.insertInto('app_models').values(row).execute();
          return toRow(row);
        } catch (err) {
          if (!isUniqueViolation(err) || attempt >= 5) throw err;
        }
      }
    },
    async get(workspaceId, domain, version) {
      let q = db.selectFrom('app_models').selectAll().where('workspace_id', '=', workspaceId).where('domain', '=', domain);
      q = version === undefined ? q.orderBy('version', 'desc').limit(1) : q.where('version', '=', version);
      const r = await q.executeTakeFirst();
      return r ? toRow(r) : undefined;
    },
  };
  return repo;
}
