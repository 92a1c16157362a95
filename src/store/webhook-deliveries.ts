// Usage-webhook deliveries: one row per event sent (or attempted) to a workspace's URL.
import type { Kysely } from 'kysely';
import { iso } from './codec.js';
import type { Database, WebhookDeliveriesTable } from './schema.js';

export type WebhookDeliveryRow = WebhookDeliveriesTable;

export interface WebhookDeliveriesRepo {
  create(input: { id: string; workspace_id: string; event: string; body: string; now: Date }): Promise<void>;
  get(id: string): Promise<WebhookDeliveryRow | undefined>;
  record(id: string, outcome: { status: WebhookDeliveryRow['status']; response_status: number | null; error: string | null; attempts: number }, now: Date): Promise<void>;
  /** Newest first. */
  list(workspaceId: string, limit: number): Promise<WebhookDeliveryRow[]>;
}

export function createWebhookDeliveriesRepo(db: Kysely<Database>): WebhookDeliveriesRepo {
  return {
    async create({ id, workspace_id, event, body, now }) {
      await db
        .insertInto('webhook_deliveries')
        .values({ id, workspace_id, event, body, status: 'pending', attempts: 0, response_status: null, error: null, created_at: iso(now), updated_at: iso(now) })
        .execute();
    },
    async get(id) {
      const row = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
      return row && { ...row, attempts: Number(row.attempts) };
    },
    async record(id, o, now) {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: o.status, response_status: o.response_status, error: o.error?.slice(0, 500) ?? null, attempts: o.attempts, updated_at: iso(now) })
        .where('id', '=', id)
        .execute();
    },
    async list(workspaceId, limit) {
      const rows = await db.selectFrom('webhook_deliveries').selectAll().where('workspace_id', '=', workspaceId).orderBy('created_at', 'desc').limit(limit).execute();
      return rows.map((r) => ({ ...r, attempts: Number(r.attempts) }));
    },
  };
}
