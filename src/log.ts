// The service's structured JSON log (pino). Secrets never reach it: credential headers and secret
// fields are censored wherever they appear, and secret query parameters (the unsubscribe token) are
// masked in logged URLs.
import pino, { type DestinationStream, type Logger } from 'pino';

export const REDACTED = '[redacted]';

/** Headers and fields that carry credentials: API keys, deploy tokens, cookies, webhook secrets. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-service-token"]',
  'req.headers.cookie',
  '*.api_token',
  '*.secret',
  '*.webhook_secret',
  '*.usage_webhook_secret',
];

/** Query parameters whose values are credentials (`token`: report-subscription unsubscribe links). */
const SECRET_QUERY_PARAMS = /([?&](?:token|key|api_key|secret|signature)=)[^&#]*/gi;

/** A logged URL with secret query values masked. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMS, `$1${REDACTED}`);
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

export function createLogger(config: { logLevel: string }, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: { req: requestSerializer },
    },
    destination,
  );
}
