// Monitors, their deploy-hook delivery records and the alerts about their runs. The scheduler's
// claim is a compare-and-set on next_run_at inside the transaction that creates the slot's run:
// two processes that see the same due slot cannot both commit a run for it.
import type { Kysely, Selectable } from 'kysely';
import { iso } from './codec.js';
import type { AlertsTable, Database, DeployDeliveriesTable, MonitorsTable } from './schema.js';
import type { StoreTx } from './transaction.js';

export type MonitorRow = Selectable<MonitorsTable>;
export type DeliveryRow = Selectable<DeployDeliveriesTable>;
export type AlertRow = Selectable<AlertsTable>;

export interface MonitorsRepo {
  create(row: MonitorRow, tx?: StoreTx): Promise<MonitorRow>;
  get(workspaceId: string, id: string): Promise<MonitorRow | undefined>;
  /** Any workspace's: the deploy hook knows only the monitor id. */
  getById(id: string): Promise<MonitorRow | undefined>;
  list(workspaceId: string): Promise<MonitorRow[]>;
  update(id: string, patch: Partial<Omit<MonitorRow, 'id' | 'workspace_id' | 'created_at'>>, now: Date, tx?: StoreTx): Promise<MonitorRow | undefined>;
  /** Deletes the monitor; its runs and alerts stay, their links nulled. */
  delete(workspaceId: string, id: string): Promise<boolean>;
  /** Active monitors due at `now` whose workspace is not billing-paused, oldest slot first. */
  due(now: Date, limit: number): Promise<MonitorRow[]>;
  /** Moves the slot from `seen` to `next` if no one else did; false when another claimer won. */
  claimSlot(id: string, seen: string, next: Date, now: Date, tx: StoreTx): Promise<boolean>;
  /** Serializes run creation for one monitor until the transaction ends (Postgres row lock). */
  lock(id: string, tx: StoreTx): Promise<void>;
  /** The monitor's queued or running run, if any (excluding `except`). */
  activeRun(id: string, except?: string, tx?: StoreTx): Promise<{ id: string; status: string; share_token: string } | undefined>;
  recentRuns(id: string, limit: number): Promise<{ id: string; status: string; trigger: string | null; created_at: string; finished_at: string | null; share_token: string; options: string }[]>;
  usesFlow(flowId: string): Promise<boolean>;
  addDelivery(row: DeliveryRow): Promise<void>;
  deliveries(monitorId: string, limit: number): Promise<DeliveryRow[]>;
  /** Records an alert once per run and channel; false when it already exists. */
  addAlert(row: AlertRow): Promise<boolean>;
  updateAlert(runId: string, channel: AlertRow['channel'], patch: Partial<Pick<AlertRow, 'state' | 'error' | 'sent_at'>>): Promise<void>;
  alerts(workspaceId: string, limit: number): Promise<AlertRow[]>;
}

const isUniqueViolation = (err: unknown) => /unique|duplicate key/i.test((err as Error)?.message ?? '');

export function createMonitorsRepo(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): MonitorsRepo {
  const ex = (tx?: StoreTx) => tx?.db ?? db;
  return {
    async create(row, tx) {
      return ex(tx).insertInto('monitors').values(row).returningAll().executeTakeFirstOrThrow();
    },
    get: (workspaceId, id) => db.selectFrom('monitors').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst(),
    getById: (id) => db.selectFrom('monitors').selectAll().where('id', '=', id).executeTakeFirst(),
    list: (workspaceId) => db.selectFrom('monitors').selectAll().where('workspace_id', '=', workspaceId).orderBy('created_at', 'desc').orderBy('id').execute(),
    async update(id, patch, now, tx) {
      return ex(tx).updateTable('monitors').set({ ...patch, updated_at: iso(now) }).where('id', '=', id).returningAll().executeTakeFirst();
    },
    async delete(workspaceId, id) {
      return db.transaction().execute(async (trx) => {
        const found = await trx.selectFrom('monitors').select('id').where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
        if (!found) return false;
        await trx.updateTable('runs').set({ monitor_id: null }).where('monitor_id', '=', id).execute();
        await trx.updateTable('alerts').set({ monitor_id: null }).where('monitor_id', '=', id).execute();
        await trx.deleteFrom('monitors').where('id', '=', id).execute();
        return true;
      });
    },
    due: (now, limit) =>
      db.selectFrom('monitors').selectAll('monitors')
        .innerJoin('workspaces', 'workspaces.id', 'monitors.workspace_id')
        .where('monitors.status', '=', 'active').where('monitors.next_run_at', '<=', iso(now)).where('workspaces.monitor_paused_at', 'is', null)
        .orderBy('monitors.next_run_at').limit(limit).execute(),
    async claimSlot(id, seen, next, now, tx) {
      const res = await tx.db.updateTable('monitors').set({ next_run_at: iso(next), updated_at: iso(now) })
        .where('id', '=', id).where('next_run_at', '=', seen).where('status', '=', 'active').executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async lock(id, tx) {
      if (dialect === 'postgres') await tx.db.selectFrom('monitors').select('id').where('id', '=', id).forUpdate().execute();
      // SQLite: the transaction's first write already holds the database's write lock.
    },
    activeRun: (id, except, tx) =>
      ex(tx).selectFrom('runs').select(['id', 'status', 'share_token']).where('monitor_id', '=', id).where('status', 'in', ['queued', 'running'])
        .$if(Boolean(except), (q) => q.where('id', '!=', except!)).orderBy('created_at').limit(1).executeTakeFirst(),
    recentRuns: (id, limit) =>
      db.selectFrom('runs').select(['id', 'status', 'trigger', 'created_at', 'finished_at', 'share_token', 'options']).where('monitor_id', '=', id)
        .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
    async usesFlow(flowId) {
      return Boolean(await db.selectFrom('monitors').select('id').where('flow_id', '=', flowId).executeTakeFirst());
    },
    async addDelivery(row) {
      await db.insertInto('deploy_deliveries').values(row).execute();
    },
    deliveries: (monitorId, limit) =>
      db.selectFrom('deploy_deliveries').selectAll().where('monitor_id', '=', monitorId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
    async addAlert(row) {
      try {
        await db.insertInto('alerts').values(row).execute();
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },
    async updateAlert(runId, channel, patch) {
      await db.updateTable('alerts').set(patch).where('run_id', '=', runId).where('channel', '=', channel).execute();
    },
    alerts: (workspaceId, limit) => db.selectFrom('alerts').selectAll().where('workspace_id', '=', workspaceId).orderBy('created_at', 'desc').limit(limit).execute(),
  };
}

