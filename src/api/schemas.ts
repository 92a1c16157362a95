// Schemas shared by several routes: the error body and the run.
import { Type } from 'typebox';

export const ErrorBody = Type.Object(
  {
    code: Type.String(), hint: Type.String(), docs: Type.Optional(Type.String()),
    diagnostics: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()), { description: 'compile_failed, invalid_spec and invalid_app_model: each problem with its line and column, or JSON path.' })),
  },
  { $id: 'Error', description: 'Every error answers this shape.' },
);

export const RunStatus = Type.Union(
  ['queued', 'running', 'succeeded', 'failed', 'blocked', 'timeout'].map((s) => Type.Literal(s)),
);

export const Run = Type.Object({
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  status: RunStatus,
  failure_reason: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  finished_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  report_url: Type.String(),
});

/** 429 and 503 tell the client when to come back. */
const RETRY_AFTER = { 'retry-after': { type: 'integer', description: 'Seconds to wait before retrying.' } };

export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, s === 429 || s === 503 ? { $ref: 'Error#', headers: RETRY_AFTER } : { $ref: 'Error#' }]));

// Any string is a run id that exists or not: a malformed one answers 404 like an unknown one (the
// contract lists only 404 for run reads).
export const RunIdParams = Type.Object({ run_id: Type.String({ minLength: 1, maxLength: 64 }) });
