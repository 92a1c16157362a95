// Every environment variable the service reads, parsed and validated once at start.
// docs/configuration.md lists each one; a test holds this file and that page together.
import { defaultChromiumPath } from '../capture/chromium-path.js';


export interface Config {
  port: number;
  host: string;
  /** Unset: embedded SQLite under dataDir. postgres://…: Postgres. */
  databaseUrl: string | null;
  dataDir: string;
  /** host:port entries allowed to be loopback/private targets (tests, local development). */
  urlAllowlist: string[];
  /** QA_URL_ALLOWLIST_ONLY: refuse every host not in the allowlist (a closed installation). */
  urlAllowlistOnly: boolean;
  chromiumPath: string;
  publicBaseUrl: string;
  logLevel: string;
  /** Pages a run may visit. */
  maxPages: number;
  /** Wall-clock budget of one run, after which it ends as `timeout` with a partial report. */
  runDeadlineMs: number;
  /** Pages loaded at once within one run. */
  pageConcurrency: number;
  /** Runs a worker process executes at once. */
  workerConcurrency: number;
  /** Anonymous runs queued or running at once before POST /audits answers 503 at_capacity. */
  freeAuditPool: number;
  /** Anonymous audit creations per IP per window. */
  auditRateLimit: number;
  auditRateWindowSec: number;
  /** A running run whose worker has not renewed its lease for this long is swept. */
  leaseMs: number;
  /** A worker's Chromium is replaced after this many runs, or when its memory (PSS, MB) passes the limit. */
  browserRecycleRuns: number;
  browserMaxMemoryMb: number;
  /** Whether `serve` also runs the worker (embedded mode). */
  embeddedWorker: boolean;
  /** OpenAI-compatible endpoint for the advisory note; all three unset means no model. */
  modelBaseUrl: string | null;
  modelApiKey: string | null;
  modelName: string | null;
  /** Behind a reverse proxy: take client IPs from X-Forwarded-For. */
  trustProxy: boolean;
  /** Encrypts stored webhook secrets; unset: a random key kept in <dataDir>/secrets.key. */
  secretsKey: string | null;
  /** smtp(s)://user:pass@host:port for outgoing mail; unset: mail goes to the outbox table. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Report subscriptions per client IP per window, and per email address per 7 days. */
  subscribeRateLimit: number;
  subscribeRateWindowSec: number;
  subscribeEmailWeeklyCap: number;
  /** Workspaces one client IP may create per hour (each brings free calls, so creation is an abuse path). */
  workspaceCreateRateLimit: number;
  /** How often the durable job loop looks for due jobs; 0 turns the loop off (tests tick it by hand). */
  jobPollMs: number;
  /** QA_GREMLIN_ENABLED: chaos runs on (default); false answers POST /gremlin with 404 gremlin_disabled. */
  gremlinEnabled: boolean;
  /** Chaos runs queued or running at once per workspace (429 too_many_gremlin_runs past it). */
  gremlinConcurrency: number;
  /** Payment provider (Stripe) secret key; unset: billing endpoints answer 503 billing_unconfigured. Never logged. */
  stripeSecretKey: string | null;
  /** Signing secret of the provider's webhook endpoint (whsec_…); unset: the webhook answers 503. Never logged. */
  stripeWebhookSecret: string | null;
  /** Base URL the official stripe client talks to; null: the provider's own (tests: a loopback stand-in). */
  stripeApiBase: string | null;
  /** The chat integration's app credentials; either unset: GET /integrations/slack/install answers 503 slack_unconfigured. Never logged. */
  slackClientId: string | null;
  slackClientSecret: string | null;
  /** Base URL of the chat Web API the official client calls (tests: a loopback stand-in). */
  slackApiBase: string;
  /** The consent screen the install endpoint redirects to. */
  slackOauthUrl: string;
}

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {}

function int(env: Env, name: string, def: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

function bool(env: Env, name: string, def: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

export function parseAllowlist(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

function httpBase(env: Env, name: string): string | null {
  const raw = env[name];
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must start with http:// or https://`);
  // The client takes a host, port and protocol only: a path would be silently dropped.
  if (url.pathname !== '/' || url.search || url.username) throw new ConfigError(`${name} must be a bare origin such as http://127.0.0.1:12111 (no path, query or credentials)`);
  return url.origin;
}

/** An absolute http(s) URL with a path allowed (the chat Web API lives under /api), no query or credentials. */
function httpUrl(env: Env, name: string, def: string): string {
  const raw = env[name];
  if (!raw) return def;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must start with http:// or https://`);
  if (url.search || url.hash || url.username || url.password) throw new ConfigError(`${name} must have no query, fragment or credentials`);
  return url.href.replace(/\/+$/, '');
}

function smtpUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  if (!/^smtps?:\/\//.test(raw)) throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  return raw;
}

export function loadConfig(env: Env = process.env): Config {
  const port = int(env, 'PORT', 8080, 0, 65535);
  const host = env.HOST || '0.0.0.0';
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// (leave it unset for embedded SQLite)');
  }
  const publicBaseUrl = (env.PUBLIC_BASE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host,
    databaseUrl,
    dataDir: env.DATA_DIR || './data',
    urlAllowlist: parseAllowlist(env.QA_URL_ALLOWLIST),
    urlAllowlistOnly: bool(env, 'QA_URL_ALLOWLIST_ONLY', false),
    chromiumPath: env.CHROMIUM_PATH || defaultChromiumPath(),
    publicBaseUrl,
    logLevel: env.LOG_LEVEL || 'info',
    maxPages: int(env, 'QA_MAX_PAGES', 50, 1, 500),
    runDeadlineMs: int(env, 'QA_RUN_DEADLINE_MS', 120_000, 5_000, 3_600_000),
    pageConcurrency: int(env, 'QA_PAGE_CONCURRENCY', 4, 1, 16),
    workerConcurrency: int(env, 'QA_WORKER_CONCURRENCY', 2, 1, 32),
    freeAuditPool: int(env, 'QA_FREE_AUDIT_POOL', 20, 1, 100_000),
    auditRateLimit: int(env, 'QA_AUDIT_RATE_LIMIT', 30, 1, 1_000_000),
    auditRateWindowSec: int(env, 'QA_AUDIT_RATE_WINDOW_SEC', 3600, 1, 86_400),
    leaseMs: int(env, 'QA_LEASE_MS', 30_000, 1_000, 600_000),
    browserRecycleRuns: int(env, 'QA_BROWSER_RECYCLE_RUNS', 100, 1, 1_000_000),
    browserMaxMemoryMb: int(env, 'QA_BROWSER_MAX_MEMORY_MB', 2048, 128, 1_000_000),
    embeddedWorker: bool(env, 'QA_EMBEDDED_WORKER', true),
    modelBaseUrl: env.QA_MODEL_BASE_URL || null,
    modelApiKey: env.QA_MODEL_API_KEY || null,
    modelName: env.QA_MODEL_NAME || null,
    trustProxy: bool(env, 'TRUST_PROXY', false),
    secretsKey: env.SECRETS_KEY || null,
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || 'siteqa <noreply@localhost>',
    subscribeRateLimit: int(env, 'QA_SUBSCRIBE_RATE_LIMIT', 10, 1, 1_000_000),
    subscribeRateWindowSec: int(env, 'QA_SUBSCRIBE_RATE_WINDOW_SEC', 3600, 1, 86_400),
    subscribeEmailWeeklyCap: int(env, 'QA_SUBSCRIBE_EMAIL_WEEKLY_CAP', 5, 1, 1000),
    jobPollMs: int(env, 'QA_JOB_POLL_MS', 5000, 0, 3_600_000),
    gremlinEnabled: bool(env, 'QA_GREMLIN_ENABLED', true),
    gremlinConcurrency: int(env, 'QA_GREMLIN_CONCURRENCY', 2, 1, 100),
    workspaceCreateRateLimit: int(env, 'QA_WORKSPACE_RATE_LIMIT', 10, 1, 1_000_000),
    stripeSecretKey: env.STRIPE_SECRET_KEY || null,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
    stripeApiBase: httpBase(env, 'STRIPE_API_BASE'),
    slackClientId: env.SLACK_CLIENT_ID || null,
    slackClientSecret: env.SLACK_CLIENT_SECRET || null,
    slackApiBase: httpUrl(env, 'SLACK_API_BASE', 'https://slack.com/api'),
    slackOauthUrl: httpUrl(env, 'SLACK_OAUTH_URL', 'https://slack.com/oauth/v2/authorize'),
  };
}
