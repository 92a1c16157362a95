// Bearer authentication as one plugin: a route says `auth: 'required'` or `auth: 'optional'` in its
// config. A present but wrong key is refused on both (never silently treated as anonymous), so a
// caller with a revoked key learns it at once. Runs at onRequest, before idempotency reads
// req.workspaceId to scope its keys.
import fp from 'fastify-plugin';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Runtime } from '../../runtime.js';
import type { WorkspaceRow } from '../../store/index.js';
import { authenticate } from '../../workspaces/service.js';
import { ApiError } from '../errors.js';
import { bearerToken } from '../../workspaces/api-key.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: 'required' | 'optional';
  }
  interface FastifyRequest {
    workspace?: WorkspaceRow | null;
  }
}

export const bearerAuth = fp(async (app: FastifyInstance, opts: { rt: Runtime }) => {
  app.addHook('onRequest', async (req) => {
    const mode = req.routeOptions.config?.auth;
    if (!mode) return;
    const header = req.headers.authorization;
    const token = bearerToken(Array.isArray(header) ? header[0] : header);
    if (token === null) {
      if (mode === 'required') throw new ApiError('unauthorized', 'This endpoint needs a workspace API key: send "Authorization: Bearer sqa_live_…". Create a workspace with POST /api/v1/workspaces to get one.');
      req.workspace = null;
      req.workspaceId = null;
      return;
    }
    const ws = token ? await authenticate(opts.rt, token) : null;
    if (!ws) throw new ApiError('unauthorized', 'The API key is not valid (mistyped, rotated or never issued). Send "Authorization: Bearer sqa_live_…" with the key POST /api/v1/workspaces returned.');
    req.workspace = ws;
    req.workspaceId = ws.id;
  });
});

/** The OpenAPI security scheme name of workspace API keys. */
export const BEARER_SCHEME = 'bearerAuth';

/** onRoute hook: `auth: 'required'` → the key is required; `'optional'` → anonymous or with a key. */
export function describeRouteAuth(route: RouteOptions): void {
  const mode = route.config?.auth;
  if (!mode || !route.schema) return;
  const keyed = { [BEARER_SCHEME]: [] as string[] };
  (route.schema as { security?: Array<Record<string, string[]>> }).security = mode === 'required' ? [keyed] : [{}, keyed];
}
