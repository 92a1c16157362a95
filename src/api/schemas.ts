// Schemas shared by several routes: the error body and the run.
import { Type } from 'typebox';

export const ErrorBody = Type.Object(
  { code: Type.String(), hint: Type.String(), docs: Type.Optional(Type.String()) },
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

export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, { $ref: 'Error#' }]));

export const RunIdParams = Type.Object({ run_id: Type.String({ format: 'uuid' }) });
