// The authenticated workspace of a bearer route (the auth plugin has run for `auth: 'required'` routes):
// 401 without a key; for capabilities that need a paid tier (flows, monitors), 402 payment_required with
// the checkout (or portal) step without them.
import type { FastifyRequest } from 'fastify';
import { requirePaidCapabilities } from '../billing/entitlements.js';
import type { WorkspaceRow } from '../store/index.js';
import { ApiError } from './errors.js';

export function keyedWorkspace(req: FastifyRequest): WorkspaceRow {
  if (!req.workspace) throw new ApiError('unauthorized');
  return req.workspace;
}

export function paidWorkspace(req: FastifyRequest, what: string): WorkspaceRow {
  const ws = keyedWorkspace(req);
  requirePaidCapabilities(ws, what);
  return ws;
}
