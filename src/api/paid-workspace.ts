// The authenticated workspace of a bearer route whose capability needs paid capabilities (flows,
// monitors): 401 without a key, 402 payment_required with the checkout (or portal) step without them.
import type { FastifyRequest } from 'fastify';
import { requirePaidCapabilities } from '../billing/entitlements.js';
import type { WorkspaceRow } from '../store/index.js';
import { ApiError } from './errors.js';

export function paidWorkspace(req: FastifyRequest, what: string): WorkspaceRow {
  if (!req.workspace) throw new ApiError('unauthorized');
  requirePaidCapabilities(req.workspace, what);
  return req.workspace;
}
