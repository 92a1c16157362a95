// Idempotency-Key for every route whose config says `idempotent: true`: a replay within 24 h
// returns the original status and body with no side effects; the same key with another body is
// refused; concurrent requests with one key produce one result. Keys are scoped per workspace
// (or per client IP for anonymous calls) and per route, and live in the database.
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Runtime } from '../../runtime.js';
import { ApiError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `'sealed'`: the response carries a secret (an API key): it is stored encrypted for replays. */
    idempotent?: boolean | 'sealed';
  }
  interface FastifyRequest {
    idempotency?: { scope: string; key: string };
    workspaceId?: string | null;
  }
}

const MAX_KEY_LENGTH = 255;
const WAIT_FOR_PENDING_MS = 10_000;
const REPLAYED_HEADERS = ['content-type', 'retry-after', 'location'];
/** Marks a stored response body sealed with the secret box. */
const SEALED_PREFIX = 'sealed:';

function scopeOf(req: FastifyRequest): string {
  const who = req.workspaceId ? `ws:${req.workspaceId}` : `ip:${req.ip}`;
  return `${who}|${req.method} ${req.routeOptions.url ?? req.url}`;
}

function hashOf(req: FastifyRequest): string {
  return createHash('sha256').update(req.url).update('\0').update(JSON.stringify(req.body ?? null)).digest('hex');
}

export const idempotency = fp(async (app: FastifyInstance, opts: { rt: Runtime }) => {
  const { store } = opts.rt;
  app.addHook('preHandler', async (req, reply) => {
    if (!req.routeOptions.config?.idempotent) return;
    const raw = req.headers['idempotency-key'];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? raw[0]! : raw;
    if (!key || key.length > MAX_KEY_LENGTH) {
      throw new ApiError('invalid_payload', `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters.`);
    }
    const scope = scopeOf(req);
    const hash = hashOf(req);
    const until = Date.now() + WAIT_FOR_PENDING_MS;
    for (;;) {
      const state = await store.idempotency.begin(scope, key, hash, opts.rt.clock.now());
      if (state.state === 'new') {
        req.idempotency = { scope, key };
        return;
      }
      if (state.state === 'done') {
        if (state.request_hash !== hash) throw new ApiError('idempotency_key_reused');
        for (const [k, v] of Object.entries(state.headers)) reply.header(k, v);
        reply.header('idempotent-replayed', 'true');
        const body = state.body.startsWith(SEALED_PREFIX) ? opts.rt.secrets.open(state.body.slice(SEALED_PREFIX.length)) : state.body;
        return reply.code(state.status).send(body);
      }
      if (Date.now() > until) throw new ApiError('idempotency_in_progress');
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const idem = req.idempotency;
    if (!idem) return payload;
    req.idempotency = undefined;
    const status = reply.statusCode;
    // Refusals that say "try again" (rate limits, capacity, server errors) are not worth replaying.
    if (status === 429 || status >= 500) {
      await store.idempotency.abandon(idem.scope, idem.key);
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const h of REPLAYED_HEADERS) {
      const v = reply.getHeader(h);
      if (v !== undefined) headers[h] = String(v);
    }
    const body = typeof payload === 'string' ? payload : String(payload ?? '');
    // Secrets are never stored in the clear, not even in the replay cache (SECRETS_KEY seals them).
    const stored = req.routeOptions.config?.idempotent === 'sealed' ? SEALED_PREFIX + opts.rt.secrets.seal(body) : body;
    await store.idempotency.complete(idem.scope, idem.key, status, stored, headers);
    return payload;
  });
});
