// The official `@slack/web-api` WebClient, built from config: SLACK_API_BASE becomes its
// slackApiUrl, so tests talk to a loopback stand-in through the real client. The client does not
// retry (the durable job loop does, with backoff) and its own logging never carries a token.
import { LogLevel, WebClient, type Logger as SlackLogger } from '@slack/web-api';
import type { Logger } from 'pino';
import type { Config } from '../config/index.js';
import { redactText } from '../log.js';

/** Install needs both app credentials; without them the install endpoint answers 503 slack_unconfigured. */
export function slackConfigured(config: Config): boolean {
  return Boolean(config.slackClientId && config.slackClientSecret);
}

/**
 * The client's own log lines: debug and info (which echo requests and results) are dropped; warnings
 * and errors reach ours as text, URLs redacted.
 */
function quietLogger(log: Logger): SlackLogger {
  let level = LogLevel.WARN;
  const text = (msg: unknown[]) => redactText(msg.map((m) => (typeof m === 'string' ? m : m instanceof Error ? m.message : '')).join(' ').slice(0, 500));
  return {
    debug() {},
    info() {},
    warn: (...msg) => log.warn({ component: 'slack-client' }, text(msg)),
    error: (...msg) => log.error({ component: 'slack-client' }, text(msg)),
    setLevel: (l) => void (level = l),
    getLevel: () => level,
    setName() {},
  };
}

/** A client for one call or job: with a bot token for chat.postMessage, without one for oauth.v2.access. */
export function slackClient(config: Config, log: Logger, token?: string): WebClient {
  return new WebClient(token, {
    slackApiUrl: `${config.slackApiBase}/`,
    logger: quietLogger(log),
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: 20_000,
    allowAbsoluteUrls: false,
  });
}

/** Answers that mean the token no longer works: the workspace removed the app or the user left. */
export const REVOKED = new Set(['invalid_auth', 'token_revoked', 'account_inactive', 'not_authed', 'token_expired', 'no_permission']);
/** Answers a retry cannot change: the channel is gone or closed to the app. */
export const PERMANENT = new Set(['channel_not_found', 'is_archived', 'not_in_channel', 'missing_scope', 'restricted_action']);

/** What Slack said (`invalid_auth`, …) or the client's error code; never a token or a message body. */
export function slackErrorCode(err: unknown): string {
  const e = err as { code?: string; data?: { error?: unknown }; statusCode?: unknown };
  if (typeof e?.data?.error === 'string') return e.data.error.slice(0, 100);
  if (typeof e?.statusCode === 'number') return `http_${e.statusCode}`;
  if (typeof e?.code === 'string') return e.code;
  return err instanceof Error ? err.name : 'unknown error';
}
