// A workspace's domain authorizations for chaos runs (one row per host).
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface DomainAuthorization {
  host: string;
  allow_mutation: boolean;
  note: string | null;
  updated_at: string;
}

export interface GremlinDomainsRepo {
  put(workspaceId: string, auth: Omit<DomainAuthorization, 'updated_at'>, now: Date): Promise<DomainAuthorization>;
  list(workspaceId: string): Promise<DomainAuthorization[]>;
}

export function createGremlinDomainsRepo(db: Kysely<Database>): GremlinDomainsRepo {
  return {
    async put(workspaceId, auth, now) {
      const row = { workspace_id: workspaceId, host: auth.host, allow_mutation: auth.allow_mutation ? 1 : 0, note: auth.note, updated_at: now.toISOString() };
      await db.insertInto('gremlin_domains').values(row)
        .onConflict((oc) => oc.columns(['workspace_id', 'host']).doUpdateSet({ allow_mutation: row.allow_mutation, note: row.note, updated_at: row.updated_at })).execute();
      return { ...auth, updated_at: row.updated_at };
    },
    async list(workspaceId) {
      const rows = await db.selectFrom('gremlin_domains').selectAll().where('workspace_id', '=', workspaceId).orderBy('host').execute();
      return rows.map((r) => ({ host: r.host, allow_mutation: Number(r.allow_mutation) === 1, note: r.note, updated_at: r.updated_at }));
    },
  };
}
