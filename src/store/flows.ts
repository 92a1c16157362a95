// Flows and their credentials: one row per flow (spec and diagnostics as JSON), credentials sealed
// per name (write-only: only names are ever listed), per-run credentials taken once by the worker.
import type { Kysely, Selectable } from 'kysely';
import { iso, toJson } from './codec.js';
import type { Database, FlowsTable } from './schema.js';
import type { StoreTx } from './transaction.js';

export interface FlowRow {
  id: string;
  workspace_id: string;
  name: string;
  status: 'draft' | 'confirmed';
  url: string;
  test_case: string | null;
  spec: Record<string, unknown>;
  diagnostics: unknown[];
  created_at: string;
  updated_at: string;
  confirmed_at: string | null;
}

export type FlowWrite = Pick<FlowRow, 'name' | 'status' | 'url' | 'test_case' | 'spec' | 'diagnostics'>;

export interface FlowsRepo {
  /** undefined when the workspace already has a flow of that name. */
  create(input: FlowWrite & { id: string; workspace_id: string; now: Date }): Promise<FlowRow | undefined>;
  get(workspaceId: string, id: string): Promise<FlowRow | undefined>;
  list(workspaceId: string): Promise<FlowRow[]>;
  /** undefined when no such flow, or the new name is taken. */
  update(workspaceId: string, id: string, patch: Partial<FlowWrite> & { confirmed_at?: string | null }, now: Date): Promise<FlowRow | undefined | 'name_taken'>;
  delete(workspaceId: string, id: string): Promise<boolean>;
  putCredentials(flowId: string, sealed: Record<string, string | null>, now: Date): Promise<void>;
  credentialNames(flowId: string): Promise<string[]>;
  sealedCredentials(flowId: string): Promise<Record<string, string>>;
  /** The workspace's stored credentials by name, sealed: per name the most recently updated one of any of its flows. */
  workspaceCredentials(workspaceId: string, names: string[]): Promise<Record<string, string>>;
  /** Per-run credentials, sealed, written in the run's creating transaction. */
  putRunCredentials(runId: string, sealed: string, now: Date, tx?: StoreTx): Promise<void>;
  /** Reads and deletes them: a run's credentials are used once. */
  takeRunCredentials(runId: string): Promise<string | undefined>;
}

function toFlow(r: Selectable<FlowsTable>): FlowRow {
  return { ...r, status: r.status, spec: JSON.parse(r.spec) as Record<string, unknown>, diagnostics: JSON.parse(r.diagnostics) as unknown[] };
}

const isUniqueViolation = (err: unknown) => /unique|duplicate key/i.test((err as Error)?.message ?? '');

export function createFlowsRepo(db: Kysely<Database>): FlowsRepo {
  return {
    async create(input) {
      try {
        const row = await db.insertInto('flows').values({
          id: input.id, workspace_id: input.workspace_id, name: input.name, status: input.status, url: input.url, test_case: input.test_case,
          spec: toJson(input.spec), diagnostics: toJson(input.diagnostics), created_at: iso(input.now), updated_at: iso(input.now), confirmed_at: null,
        }).returningAll().executeTakeFirstOrThrow();
        return toFlow(row);
      } catch (err) {
        if (isUniqueViolation(err)) return undefined;
        throw err;
      }
    },
    async get(workspaceId, id) {
      const row = await db.selectFrom('flows').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
      return row && toFlow(row);
    },
    async list(workspaceId) {
      const rows = await db.selectFrom('flows').selectAll().where('workspace_id', '=', workspaceId).orderBy('created_at', 'desc').orderBy('id').execute();
      return rows.map(toFlow);
    },
    async update(workspaceId, id, patch, now) {
      const set: Record<string, unknown> = { updated_at: iso(now) };
      for (const [k, v] of Object.entries(patch)) set[k] = k === 'spec' || k === 'diagnostics' ? toJson(v) : v;
      try {
        const row = await db.updateTable('flows').set(set).where('workspace_id', '=', workspaceId).where('id', '=', id).returningAll().executeTakeFirst();
        return row && toFlow(row);
      } catch (err) {
        if (isUniqueViolation(err)) return 'name_taken';
        throw err;
      }
    },
    async delete(workspaceId, id) {
      const res = await db.deleteFrom('flows').where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },
    async putCredentials(flowId, sealed, now) {
      // Each name is one idempotent statement: a repeated PUT converges on the same rows.
      for (const [name, value] of Object.entries(sealed)) {
        if (value === null) {
          await db.deleteFrom('flow_credentials').where('flow_id', '=', flowId).where('name', '=', name).execute();
          continue;
        }
        await db.insertInto('flow_credentials').values({ flow_id: flowId, name, sealed: value, updated_at: iso(now) })
          .onConflict((oc) => oc.columns(['flow_id', 'name']).doUpdateSet({ sealed: value, updated_at: iso(now) })).execute();
      }
    },
    async credentialNames(flowId) {
      const rows = await db.selectFrom('flow_credentials').select('name').where('flow_id', '=', flowId).orderBy('name').execute();
      return rows.map((r) => r.name);
    },
    async sealedCredentials(flowId) {
      const rows = await db.selectFrom('flow_credentials').select(['name', 'sealed']).where('flow_id', '=', flowId).execute();
      return Object.fromEntries(rows.map((r) => [r.name, r.sealed]));
    },
    async workspaceCredentials(workspaceId, names) {
      if (names.length === 0) return {};
      const rows = await db.selectFrom('flow_credentials').innerJoin('flows', 'flows.id', 'flow_credentials.flow_id')
        .select(['flow_credentials.name', 'flow_credentials.sealed']).where('flows.workspace_id', '=', workspaceId).where('flow_credentials.name', 'in', names)
        .orderBy('flow_credentials.updated_at', 'desc').orderBy('flow_credentials.flow_id').execute();
      const out: Record<string, string> = {};
      for (const r of rows) out[r.name] ??= r.sealed;
      return out;
    },
    async putRunCredentials(runId, sealed, now, tx) {
      await (tx?.db ?? db).insertInto('run_credentials').values({ run_id: runId, sealed, created_at: iso(now) }).execute();
    },
    async takeRunCredentials(runId) {
      const row = await db.deleteFrom('run_credentials').where('run_id', '=', runId).returning('sealed').executeTakeFirst();
      return row?.sealed;
    },
  };
}
