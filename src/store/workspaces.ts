// Workspaces: owner, tier, the API key's hash, settings. Lookups by key go through the hash only.
// Tier grants and the billing columns are written by workspace-billing.ts.
import type { Kysely, Selectable } from 'kysely';
import { iso } from './codec.js';
import type { Database, WorkspacesTable } from './schema.js';
import type { StoreTx } from './transaction.js';

export interface WorkspaceRow {
  id: string;
  owner_email: string;
  display_name: string | null;
  tier: string;
  api_key_hash: string;
  api_key_hint: string;
  usage_webhook_url: string | null;
  /** Encrypted form; decrypt with the runtime's secret box. */
  usage_webhook_secret: string | null;
  opt_in_to_overage: boolean;
  email_alerts_enabled: boolean | null;
  slack_alerts_enabled: boolean | null;
  monitor_paused_at: string | null;
  prepaid_credit_cents: number;
  created_at: string;
  updated_at: string;
  tier_source: 'operator' | 'subscription' | null;
  requested_tier: string | null;
  billing_customer_id: string | null;
  billing_subscription_id: string | null;
  billing_subscription_status: string | null;
  trial_ends_at: string | null;
}

export interface CreateWorkspaceInput {
  id: string;
  owner_email: string;
  display_name: string | null;
  /** The effective tier. A paid one needs `tier_source: 'operator'`. */
  tier: string;
  tier_source?: 'operator' | null;
  /** A paid tier waiting for checkout. */
  requested_tier?: string | null;
  api_key_hash: string;
  api_key_hint: string;
  now: Date;
}

/** The settings a caller may change; undefined leaves a field as it is. */
export interface WorkspaceSettingsPatch {
  display_name?: string | null;
  usage_webhook_url?: string | null;
  usage_webhook_secret?: string | null;
  opt_in_to_overage?: boolean;
  email_alerts_enabled?: boolean | null;
  slack_alerts_enabled?: boolean | null;
}

export interface WorkspacesRepo {
  create(input: CreateWorkspaceInput): Promise<WorkspaceRow>;
  get(id: string, tx?: StoreTx): Promise<WorkspaceRow | undefined>;
  getByKeyHash(hash: string): Promise<WorkspaceRow | undefined>;
  /** Oldest first. */
  list(): Promise<WorkspaceRow[]>;
  update(id: string, patch: WorkspaceSettingsPatch, now: Date): Promise<WorkspaceRow | undefined>;
  setKey(id: string, hash: string, hint: string, now: Date): Promise<WorkspaceRow | undefined>;
}

const flag = (v: number | null) => (v === null ? null : v !== 0);
const bit = (v: boolean | null | undefined) => (v === null || v === undefined ? null : v ? 1 : 0);

export function toWorkspaceRow(r: Selectable<WorkspacesTable>): WorkspaceRow {
  return {
    ...r,
    tier_source: r.tier_source === 'operator' || r.tier_source === 'subscription' ? r.tier_source : null,
    opt_in_to_overage: Number(r.opt_in_to_overage) !== 0,
    email_alerts_enabled: flag(r.email_alerts_enabled === null ? null : Number(r.email_alerts_enabled)),
    slack_alerts_enabled: flag(r.slack_alerts_enabled === null ? null : Number(r.slack_alerts_enabled)),
    prepaid_credit_cents: Number(r.prepaid_credit_cents),
  };
}

export function createWorkspacesRepo(db: Kysely<Database>): WorkspacesRepo {
  const updateWith = async (id: string, values: Partial<WorkspacesTable>, now: Date) => {
    const row = await db.updateTable('workspaces').set({ ...values, updated_at: iso(now) }).where('id', '=', id).returningAll().executeTakeFirst();
    return row && toWorkspaceRow(row);
  };
  return {
    async create(input) {
      const row = await db
        .insertInto('workspaces')
        .values({
          id: input.id, owner_email: input.owner_email, display_name: input.display_name, tier: input.tier,
          api_key_hash: input.api_key_hash, api_key_hint: input.api_key_hint,
          usage_webhook_url: null, usage_webhook_secret: null, opt_in_to_overage: 0,
          email_alerts_enabled: null, slack_alerts_enabled: null, monitor_paused_at: null, prepaid_credit_cents: 0,
          created_at: iso(input.now), updated_at: iso(input.now),
          tier_source: input.tier_source ?? null, requested_tier: input.requested_tier ?? null,
          billing_customer_id: null, billing_subscription_id: null, billing_subscription_status: null, trial_ends_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toWorkspaceRow(row);
    },
    async get(id, tx) {
      const row = await (tx?.db ?? db).selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toWorkspaceRow(row);
    },
    async getByKeyHash(hash) {
      const row = await db.selectFrom('workspaces').selectAll().where('api_key_hash', '=', hash).executeTakeFirst();
      return row && toWorkspaceRow(row);
    },
    async list() {
      const rows = await db.selectFrom('workspaces').selectAll().orderBy('created_at').orderBy('id').execute();
      return rows.map(toWorkspaceRow);
    },
    update(id, patch, now) {
      const values: Partial<WorkspacesTable> = {};
      if (patch.display_name !== undefined) values.display_name = patch.display_name;
      if (patch.usage_webhook_url !== undefined) values.usage_webhook_url = patch.usage_webhook_url;
      if (patch.usage_webhook_secret !== undefined) values.usage_webhook_secret = patch.usage_webhook_secret;
      if (patch.opt_in_to_overage !== undefined) values.opt_in_to_overage = patch.opt_in_to_overage ? 1 : 0;
      if (patch.email_alerts_enabled !== undefined) values.email_alerts_enabled = bit(patch.email_alerts_enabled);
      if (patch.slack_alerts_enabled !== undefined) values.slack_alerts_enabled = bit(patch.slack_alerts_enabled);
      return updateWith(id, values, now);
    },
    setKey(id, hash, hint, now) {
      return updateWith(id, { api_key_hash: hash, api_key_hint: hint }, now);
    },
  };
}
