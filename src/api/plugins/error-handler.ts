// Maps every failure to the registry's {code, hint, docs}: unknown routes, malformed JSON, oversize
// bodies, schema validation (422, not Fastify's 400), service refusals, and anything unexpected (500).
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../../service-error.js';
import { ApiError, isErrorCode, sendError } from '../errors.js';

function describeValidation(err: FastifyError): string {
  const v = err.validation?.[0];
  if (!v) return err.message;
  const where = err.validationContext ?? 'body';
  const path = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
  const field = v.keyword === 'required' ? String((v.params as { missingProperty?: string }).missingProperty) : path;
  if (v.keyword === 'additionalProperties') {
    return `${where}: unknown field "${(v.params as { additionalProperty?: string }).additionalProperty}"`;
  }
  return `${where}${field ? `.${field}` : ''} ${v.message ?? 'is invalid'}`;
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route runs (a malformed
 * percent-escape, an overlong path parameter). Nothing can exist at such a path: 404 in our body.
 */
export function routerRefusal(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const path = req.url.split('?')[0]!.slice(0, 120);
  const why = err.code === 'FST_ERR_BAD_URL' ? 'its percent-escapes are not valid' : err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'a path segment is longer than any identifier' : err.message;
  void sendError(reply, 'not_found', `Nothing exists at ${path}: ${why}.`);
}

export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setNotFoundHandler((req, reply) => sendError(reply, 'not_found', `No route ${req.method} ${req.url.split('?')[0]}.`));
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof ApiError) return sendError(reply, err.code, err.hint, err.headers);
    if (err instanceof ServiceError && isErrorCode(err.code)) {
      const headers: Record<string, string> = err.extra.retryAfterSec ? { 'retry-after': String(err.extra.retryAfterSec) } : {};
      return sendError(reply, err.code, err.hint, headers, err.extra.details);
    }
    if (err.validation) return sendError(reply, 'invalid_payload', describeValidation(err));
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, 'invalid_json', `The request body is not valid JSON: ${err.message}`);
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, 'payload_too_large');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, 'unsupported_media_type', `Content-Type ${req.headers['content-type'] ?? '(none)'} is not accepted here; send application/json.`);
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendError(reply, 'invalid_payload', 'Content-Length does not match the body.');
    }
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return sendError(reply, err.statusCode === 404 ? 'not_found' : 'invalid_payload', err.message);
    }
    req.log.error({ err }, 'unhandled error');
    return sendError(reply, 'internal_error');
  });
});
