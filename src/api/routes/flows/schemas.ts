// Request and response shapes of the flow endpoints (the spec itself is validated against the
// published flow-spec v1 schema by the service, which answers invalid_spec with JSON paths).
import { Type } from 'typebox';

// Any string is an id that exists or not: a malformed one is "not found" too (as for runs).
export const FlowIdParams = Type.Object({ flow_id: Type.String({ minLength: 1, maxLength: 64 }) });

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Optional(Type.Union([t, Type.Null()]));

export const CreateFlow = Type.Object({
  url: Type.String({ format: 'uri', maxLength: 2048, description: 'The start URL (public http(s)).' }),
  name: Nullable(Type.String({ minLength: 1, maxLength: 120 })),
  test_case: Nullable(Type.String({ maxLength: 20_000, description: 'Plain-language steps, one per line (grammar: /docs/flows).' })),
  spec: Type.Optional(Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()], { description: 'A flow-spec v1 object (/api/v1/schemas/flow-spec-v1.json).' })),
}, { additionalProperties: false });

export const UpdateFlow = Type.Object({
  url: Type.Optional(Type.String({ format: 'uri', maxLength: 2048 })),
  name: Nullable(Type.String({ minLength: 1, maxLength: 120 })),
  test_case: Nullable(Type.String({ maxLength: 20_000 })),
  spec: Type.Optional(Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()])),
}, { additionalProperties: false });

const Credentials = Type.Record(Type.String({ maxLength: 64 }), Type.Union([Type.String(), Type.Null()]));

export const PutCredentials = Type.Object({
  credentials: Credentials,
}, { additionalProperties: false, description: '{"credentials": {"PASSWORD": "…", "OLD_NAME": null}}: a string stores (sealed), null deletes.' });

export const RunFlow = Type.Object({
  credentials: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.String(), { description: 'Used by this run only, never stored.' })),
}, { additionalProperties: false });

export const Flow = Type.Object({
  flow_id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  status: Type.Union([Type.Literal('draft'), Type.Literal('confirmed')]),
  url: Type.String(),
  test_case: Type.Union([Type.String(), Type.Null()]),
  spec: Type.Record(Type.String(), Type.Unknown()),
  variables: Type.Array(Type.String()),
  credentials: Type.Array(Type.String(), { description: 'Names of stored credentials; values are never returned.' }),
  missing_credentials: Type.Array(Type.String()),
  diagnostics: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  review_hint: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
  confirmed_at: Type.Union([Type.String(), Type.Null()]),
});

export const FlowSummary = Type.Object({
  flow_id: Type.String(), name: Type.String(), status: Type.String(), url: Type.String(), steps: Type.Integer(), updated_at: Type.String(),
});

export const FlowRunCreated = Type.Object({
  run_id: Type.String({ format: 'uuid' }),
  status: Type.String(),
  events_url: Type.String(),
  report_url: Type.String(),
  usage: Type.Record(Type.String(), Type.Unknown()),
});
