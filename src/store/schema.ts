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

export interface Database {
  runs: RunsTable;
  run_events: RunEventsTable;
  evidence: EvidenceTable;
  reports: ReportsTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_limits: RateLimitsTable;
}
