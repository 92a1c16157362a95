// The database shape as Kysely sees it: one interface per table, identical on SQLite and Postgres.
// Timestamps are ISO-8601 UTC text and JSON is text in both dialects, so a row reads back the same
// everywhere; repositories convert to and from the product types.

export interface RunsTable {
  id: string;
  kind: string;
  url: string;
  status: string;
  failure_reason: string | null;
  source: string | null;
  workspace_id: string | null;
  monitor_id: string | null;
  share_token: string;
  client_ip: string | null;
  /** JSON object */
  options: string;
  attempts: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  lease_owner: string | null;
  lease_expires_at: string | null;
  /** What started the run: api, cli, recheck, monitor_schedule, monitor_run_now, deploy_hook, flow_run… (null: before 0004). */
  trigger: string | null;
}

export interface EvidenceImagesTable {
  run_id: string;
  id: string;
  content_type: string;
  data: Buffer;
  created_at: string;
}

export interface RunEventsTable {
  run_id: string;
  /** Per-run sequence from 1, gap-free. */
  id: number;
  type: string;
  /** JSON object */
  data: string;
  created_at: string;
}

export interface EvidenceTable {
  run_id: string;
  schema_version: number;
  /** JSON document (the evidence bundle) */
  bundle: string;
  created_at: string;
}

export interface ReportsTable {
  run_id: string;
  body: string;
  created_at: string;
  updated_at: string;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  state: 'pending' | 'done';
  status: number | null;
  body: string | null;
  /** JSON object of response headers to replay */
  headers: string | null;
  created_at: string;
}

export interface RateLimitsTable {
  bucket: string;
  window_start: string;
  count: number;
  reset_at: string;
}

export interface WorkspacesTable {
  id: string;
  owner_email: string;
  display_name: string | null;
  tier: string;
  /** SHA-256 hex of the API key; the key itself is never stored. */
  api_key_hash: string;
  /** The key's prefix and last four characters, to recognise it in listings. */
  api_key_hint: string;
  usage_webhook_url: string | null;
  /** Encrypted (see src/workspaces/secret-box.ts), never the plain secret. */
  usage_webhook_secret: string | null;
  opt_in_to_overage: number;
  email_alerts_enabled: number | null;
  slack_alerts_enabled: number | null;
  /** Set while billing stops paid capabilities (payment failed, plan ended); the monitor scheduler skips the workspace. */
  monitor_paused_at: string | null;
  prepaid_credit_cents: number;
  created_at: string;
  updated_at: string;
  /** Where a paid `tier` came from: 'operator' (set-tier) or 'subscription' (the payment provider); null on free tiers. */
  tier_source: string | null;
  /** A paid tier asked for (POST /workspaces, checkout) that takes effect only once checkout completes. */
  requested_tier: string | null;
  billing_customer_id: string | null;
  billing_subscription_id: string | null;
  /** The provider's status of that subscription: trialing, active, past_due, unpaid, paused, canceled… */
  billing_subscription_status: string | null;
  /** End of the card-first trial; kept after it ends, so a workspace gets one trial only. */
  trial_ends_at: string | null;
}

export interface JobsTable {
  id: string;
  kind: string;
  /** JSON object */
  payload: string;
  run_at: string;
  attempts: number;
  state: 'pending' | 'done' | 'failed';
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  workspace_id: string;
  event: string;
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  response_status: number | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export interface UsageCountersTable {
  workspace_id: string;
  period_start: string;
  used: number;
  /** Units admitted past the included amount (overage) that no meter event has billed yet. */
  overage_unbilled: number;
}

export interface UsageAlertsTable {
  workspace_id: string;
  period_start: string;
  threshold: string;
  created_at: string;
}

export interface ReportSubscriptionsTable {
  id: string;
  run_id: string;
  email: string;
  unsubscribe_token_hash: string;
  state: 'scheduled' | 'done' | 'unsubscribed';
  recheck_run_id: string | null;
  first_sent_at: string | null;
  second_sent_at: string | null;
  unsubscribed_at: string | null;
  client_ip: string | null;
  created_at: string;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: string;
}

export interface FlowsTable {
  id: string;
  workspace_id: string;
  name: string;
  status: 'draft' | 'confirmed';
  url: string;
  test_case: string | null;
  /** JSON: the flow-spec v1 document */
  spec: string;
  /** JSON: the compiler's diagnostics for the current spec */
  diagnostics: string;
  created_at: string;
  updated_at: string;
  confirmed_at: string | null;
}

export interface FlowCredentialsTable {
  flow_id: string;
  name: string;
  /** Sealed with the secret box; never the plain value. */
  sealed: string;
  updated_at: string;
}

export interface RunCredentialsTable {
  run_id: string;
  sealed: string;
  created_at: string;
}

export interface MonitorsTable {
  id: string;
  workspace_id: string;
  url: string;
  cadence: 'daily' | 'hourly';
  status: 'active' | 'paused';
  flow_id: string | null;
  /** SHA-256 hex of the deploy token; the token itself is never stored. */
  deploy_token_hash: string;
  next_run_at: string;
  last_run_at: string | null;
  last_run_id: string | null;
  last_run_status: string | null;
  consecutive_failures: number;
  /** Why the service paused it (e.g. consecutive_failures); null when a person did, or it is active. */
  paused_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface DeployDeliveriesTable {
  id: string;
  monitor_id: string;
  status: 'accepted' | 'deduped' | 'rejected';
  http_status: number;
  reason: string | null;
  run_id: string | null;
  requester_ip: string | null;
  sha: string | null;
  ref: string | null;
  env: string | null;
  created_at: string;
}

export interface AlertsTable {
  id: string;
  workspace_id: string;
  monitor_id: string | null;
  run_id: string;
  channel: 'email' | 'slack';
  summary: string;
  state: 'queued' | 'sent' | 'skipped' | 'failed';
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface BillingEventsTable {
  /** The provider's event id: a replay finds it here and changes nothing. */
  event_id: string;
  type: string;
  workspace_id: string | null;
  /** What processing did, for operators (e.g. "subscription sub_1 active → tier pro"). */
  outcome: string;
  received_at: string;
}

export interface MeterEventsTable {
  /** The caller's idempotency identifier, also sent to the provider: one row, one bill, whatever the retries. */
  identifier: string;
  workspace_id: string;
  meter: string;
  units: number;
  /** The part of `units` past the plan's included amount: what the provider bills. */
  billable_units: number;
  state: 'pending' | 'sent' | 'included' | 'not_billed' | 'failed';
  customer_id: string | null;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface GremlinDomainsTable {
  workspace_id: string;
  host: string;
  /** 0/1 */
  allow_mutation: number;
  note: string | null;
  updated_at: string;
}

export interface SlackIntegrationsTable {
  workspace_id: string;
  team_id: string;
  team_name: string | null;
  channel_id: string;
  channel_name: string | null;
  bot_user_id: string | null;
  scope: string | null;
  /** The bot token sealed by the secret box; null once disconnected. */
  bot_token_sealed: string | null;
  connected_at: string;
  disconnected_at: string | null;
  disconnected_reason: string | null;
  updated_at: string;
}

export interface SlackOauthStatesTable {
  /** sha256 of the state the consent screen carries; the state itself is never stored. */
  state_hash: string;
  workspace_id: string;
  created_at: string;
  expires_at: string;
}

export interface AppModelsTable {
  workspace_id: string;
  domain: string;
  version: number;
  source: string;
  /** The model document as JSON text. */
  doc: string;
  created_at: string;
}

export interface Database {
  app_models: AppModelsTable;
  slack_integrations: SlackIntegrationsTable;
  slack_oauth_states: SlackOauthStatesTable;
  gremlin_domains: GremlinDomainsTable;
  monitors: MonitorsTable;
  deploy_deliveries: DeployDeliveriesTable;
  alerts: AlertsTable;
  flows: FlowsTable;
  flow_credentials: FlowCredentialsTable;
  run_credentials: RunCredentialsTable;
  evidence_images: EvidenceImagesTable;
  runs: RunsTable;
  run_events: RunEventsTable;
  evidence: EvidenceTable;
  reports: ReportsTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_limits: RateLimitsTable;
  workspaces: WorkspacesTable;
  jobs: JobsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  usage_counters: UsageCountersTable;
  usage_alerts: UsageAlertsTable;
  report_subscriptions: ReportSubscriptionsTable;
  mail_outbox: MailOutboxTable;
  billing_events: BillingEventsTable;
  meter_events: MeterEventsTable;
}
