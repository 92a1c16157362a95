// The service's structured JSON log (pino). Secrets never reach it: credential headers and secret
// fields are censored wherever they appear, and secret query parameters (the unsubscribe token) are
// masked in logged URLs.
import pino, { type DestinationStream, type Logger } from 'pino';

const REDACTED = '[redacted]';

/** Headers and fields that carry credentials: API keys, deploy tokens, cookies, webhook secrets, provider keys. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-service-token"]',
  'req.headers.cookie',
  // The payment provider's webhook signature: not a secret on its own, but never worth keeping.
  'req.headers["stripe-signature"]',
  'headers["stripe-signature"]',
  '*.stripeSecretKey',
  '*.stripeWebhookSecret',
  '*.api_token',
  '*.secret',
  '*.webhook_secret',
  '*.usage_webhook_secret',
  // The chat integration: app secret, OAuth code exchange, bot tokens (plain or sealed).
  '*.slackClientSecret',
  '*.client_secret',
  '*.access_token',
  '*.bot_token_sealed',
];

/**
 * Query parameter names whose values are credentials (`token`: report-subscription unsubscribe
 * links; `code` and `state`: the OAuth callback, where either one could complete an install).
 */
const SECRET_PARAM = /^(?:token|access_token|key|api_key|apikey|secret|signature|sig|password|code|state|client_secret)$/i;

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** A URL (absolute, or a request's path and query) with the values of secret query parameters masked. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const masked = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      // Names are compared decoded, as the server reads them (`%74oken` is `token`).
      return eq >= 0 && SECRET_PARAM.test(decodedName(pair.slice(0, eq))) ? `${pair.slice(0, eq + 1)}${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${masked}${hash < 0 ? '' : url.slice(hash)}`;
}

/** Free text (an error message) with every http(s) URL in it passed through redactUrl. */
export function redactText(text: string): string {
  return text.replace(/https?:\/\/[^\s"'<>]+/g, redactUrl);
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request line (method, url, host, client), with the URL redacted. */
function requestSerializer(req: LoggedRequest) {
  return { method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

/** Errors as pino logs them, with URLs in the message and stack redacted (a webhook URL may carry a token). */
function errorSerializer(err: unknown) {
  if (typeof err === 'string') return redactText(err);
  if (!(err instanceof Error)) return err;
  const out = pino.stdSerializers.err(err);
  if (typeof out.message === 'string') out.message = redactText(out.message);
  if (typeof out.stack === 'string') out.stack = redactText(out.stack);
  return out;
}

export function createLogger(config: { logLevel: string }, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: { req: requestSerializer, err: errorSerializer },
    },
    destination,
  );
}
