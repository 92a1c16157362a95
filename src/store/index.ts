// The store: opens the database (embedded SQLite by default, Postgres when DATABASE_URL is set),
// brings its schema up to date and hands out one repository per aggregate.
import type { Kysely } from 'kysely';
import { connect, type StoreOptions } from './connect.js';
import { createEventsRepo, type EventsRepo } from './events.js';
import { createEvidenceRepo, type EvidenceRepo } from './evidence.js';
import { createEvidenceImagesRepo, type EvidenceImagesRepo } from './evidence-images.js';
import { createFlowsRepo, type FlowsRepo } from './flows.js';
import { createMonitorsRepo, type MonitorsRepo } from './monitors.js';
import { createGremlinDomainsRepo, type GremlinDomainsRepo } from './gremlin-domains.js';
import { createAppModelsRepo, type AppModelsRepo } from './app-models.js';
import { createIdempotencyRepo, type IdempotencyRepo } from './idempotency.js';
import { migrateToLatest } from './migrations/index.js';
import { createRateLimitsRepo, type RateLimitsRepo } from './rate-limits.js';
import { createRunStatsRepo, type RunStatsRepo } from './run-stats.js';
import { createReportsRepo, type ReportsRepo } from './reports.js';
import { createRunsRepo, type RunsRepo } from './runs.js';
import { createWorkspacesRepo, type WorkspacesRepo } from './workspaces.js';
import { createUsageRepo, type UsageRepo } from './usage.js';
import { createJobsRepo, type JobsRepo } from './jobs.js';
import { createWebhookDeliveriesRepo, type WebhookDeliveriesRepo } from './webhook-deliveries.js';
import { createReportSubscriptionsRepo, type ReportSubscriptionsRepo } from './report-subscriptions.js';
import { createMailOutboxRepo, type MailOutboxRepo } from './mail-outbox.js';
import { createWorkspaceBillingRepo, type WorkspaceBillingRepo } from './workspace-billing.js';
import { createBillingEventsRepo, type BillingEventsRepo } from './billing-events.js';
import { createMeterEventsRepo, type MeterEventsRepo } from './meter-events.js';
import { createSlackRepo, type SlackRepo } from './slack.js';
import type { Database } from './schema.js';
import { PostgresSignals } from './pg-signals.js';
import { LocalSignals, type Signals } from './signals.js';
import { createTransactionRunner, type TransactionRunner } from './transaction.js';

export type { StoreOptions } from './connect.js';
export type { Database } from './schema.js';
export type { Signals } from './signals.js';
export type { StoreTx, TransactionRunner } from './transaction.js';
export * from './runs.js';
export type { EventsRepo, RunEvent, RunEventListener } from './events.js';
export type { EvidenceRepo, StoredEvidence } from './evidence.js';
export type { EvidenceImagesRepo, StoredImage } from './evidence-images.js';
export type { FlowRow, FlowsRepo, FlowWrite } from './flows.js';
export type { AlertRow, DeliveryRow, MonitorRow, MonitorsRepo } from './monitors.js';
export type { DomainAuthorization, GremlinDomainsRepo } from './gremlin-domains.js';
export type { AppModelRow, AppModelsRepo } from './app-models.js';
export type { ReportsRepo } from './reports.js';
export type { IdempotencyBegin, IdempotencyRepo } from './idempotency.js';
export { IDEMPOTENCY_WINDOW_MS } from './idempotency.js';
export type { RateLimitHit, RateLimitsRepo } from './rate-limits.js';
export { MigrationError } from './migrations/index.js';
export type { WorkspaceRow, WorkspacesRepo, WorkspaceSettingsPatch } from './workspaces.js';
export type { UsageRepo } from './usage.js';
export type { JobRow, JobsRepo } from './jobs.js';
export type { WebhookDeliveryRow, WebhookDeliveriesRepo } from './webhook-deliveries.js';
export type { ReportSubscriptionRow, ReportSubscriptionsRepo } from './report-subscriptions.js';
export type { OutboxMessage, MailOutboxRepo } from './mail-outbox.js';
export type { BillingPatch, WorkspaceBillingRepo } from './workspace-billing.js';
export type { BillingEventRow, BillingEventsRepo } from './billing-events.js';
export type { MeterEventRow, MeterEventState, MeterEventsRepo, NewMeterEvent } from './meter-events.js';
export type { NewSlackConnection, SlackIntegrationRow, SlackRepo } from './slack.js';

export interface Store {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  runs: RunsRepo;
  events: EventsRepo;
  evidence: EvidenceRepo;
  evidenceImages: EvidenceImagesRepo;
  flows: FlowsRepo;
  monitors: MonitorsRepo;
  gremlinDomains: GremlinDomainsRepo;
  /** Append-only versions of each domain's app model. */
  appModels: AppModelsRepo;
  reports: ReportsRepo;
  idempotency: IdempotencyRepo;
  rateLimits: RateLimitsRepo;
  workspaces: WorkspacesRepo;
  usage: UsageRepo;
  jobs: JobsRepo;
  webhookDeliveries: WebhookDeliveriesRepo;
  reportSubscriptions: ReportSubscriptionsRepo;
  mailOutbox: MailOutboxRepo;
  /** Tier grants, the provider customer, subscription state and the billing pause of workspaces. */
  workspaceBilling: WorkspaceBillingRepo;
  billingEvents: BillingEventsRepo;
  meterEvents: MeterEventsRepo;
  runStats: RunStatsRepo;
  /** Slack connections of workspaces and the OAuth states of installs under way. */
  slack: SlackRepo;
  /** Cross-process wake-ups (LISTEN/NOTIFY on Postgres); used by the run queue and event streams. */
  signals: Signals;
  /** One database transaction; its signals go out, and its afterCommit hooks run, once it commits. */
  transaction: TransactionRunner;
  close(): Promise<void>;
}

/** Creates the data dir or Postgres schema if needed and applies pending migrations before returning. */
export async function openStore(opts: StoreOptions): Promise<Store> {
  const conn = await connect(opts);
  try {
    await migrateToLatest(conn.db, conn);
  } catch (err) {
    await conn.db.destroy();
    throw err;
  }
  const signals: Signals =
    conn.dialect === 'postgres' && conn.pgConfig && conn.schema
      ? new PostgresSignals(conn.db, conn.pgConfig, conn.schema)
      : new LocalSignals(conn.sqliteFile);
  let closing: Promise<void> | null = null;
  const transaction = createTransactionRunner(conn.db, conn.dialect, signals);
  return {
    db: conn.db,
    dialect: conn.dialect,
    runs: createRunsRepo(conn.db, conn.dialect),
    events: createEventsRepo(conn.db, conn.dialect, signals, transaction),
    evidence: createEvidenceRepo(conn.db),
    evidenceImages: createEvidenceImagesRepo(conn.db),
    flows: createFlowsRepo(conn.db),
    monitors: createMonitorsRepo(conn.db, conn.dialect),
    gremlinDomains: createGremlinDomainsRepo(conn.db),
    appModels: createAppModelsRepo(conn.db),
    reports: createReportsRepo(conn.db),
    idempotency: createIdempotencyRepo(conn.db),
    rateLimits: createRateLimitsRepo(conn.db),
    workspaces: createWorkspacesRepo(conn.db),
    usage: createUsageRepo(conn.db),
    jobs: createJobsRepo(conn.db),
    webhookDeliveries: createWebhookDeliveriesRepo(conn.db),
    reportSubscriptions: createReportSubscriptionsRepo(conn.db),
    mailOutbox: createMailOutboxRepo(conn.db),
    workspaceBilling: createWorkspaceBillingRepo(conn.db),
    billingEvents: createBillingEventsRepo(conn.db),
    meterEvents: createMeterEventsRepo(conn.db),
    runStats: createRunStatsRepo(conn.db, conn.dialect),
    slack: createSlackRepo(conn.db),
    signals,
    transaction,
    close() {
      closing ??= signals.close().then(() => conn.db.destroy());
      return closing;
    },
  };
}
