// The one registry of error codes: status, default hint, docs anchor. docs/errors.md documents
// each code, and a test holds the two together. Every error body is {code, hint, docs?}.
import type { FastifyReply } from 'fastify';

export interface ErrorSpec {
  status: number;
  hint: string;
}

export const ERRORS = {
  not_found: { status: 404, hint: 'Nothing exists at this address. Check the path and identifier.' },
  invalid_payload: { status: 422, hint: 'The request body or parameters do not match the schema.' },
  invalid_json: { status: 422, hint: 'The request body is not valid JSON.' },
  payload_too_large: { status: 413, hint: 'The request body is larger than the limit of 1 MiB.' },
  unsupported_media_type: { status: 415, hint: 'Send the body as application/json.' },
  unsafe_url: { status: 422, hint: 'The URL guard refused this URL: only public http(s) targets can be audited.' },
  rate_limited: { status: 429, hint: 'Too many requests from this address. Retry after the Retry-After interval.' },
  at_capacity: { status: 503, hint: 'The free-audit pool is full. Nothing was queued; retry after the Retry-After interval.' },
  idempotency_key_reused: { status: 422, hint: 'This Idempotency-Key was already used with a different request body. Use a new key for a new request.' },
  idempotency_in_progress: { status: 409, hint: 'A request with this Idempotency-Key is still being processed. Retry shortly to get its response.' },
  unauthorized: { status: 401, hint: 'Send a valid workspace API key as "Authorization: Bearer <key>".' },
  quota_exceeded: { status: 402, hint: 'The workspace has used every call its tier includes this period (hard cap). Upgrade the tier, or on a paid tier set opt_in_to_overage.' },
  tier_required: { status: 402, hint: 'This needs a paid tier (starter, pro or team). Upgrade the workspace first.' },
  payment_required: { status: 402, hint: 'This needs a paid tier with a card on file. Start checkout with POST /api/v1/billing/checkout; when billing is paused, fix the payment in the portal (POST /api/v1/billing/portal).' },
  forbidden: { status: 403, hint: 'The bearer key belongs to another workspace than workspace_id. Use that workspace\'s key.' },
  no_billing_customer: { status: 409, hint: 'This workspace has no payment-provider customer yet. Start with POST /api/v1/billing/checkout.' },
  already_subscribed: { status: 409, hint: 'This workspace already has a subscription. Change the plan or the card in the portal (POST /api/v1/billing/portal).' },
  bad_signature: { status: 400, hint: 'The payment-provider signature is missing, wrong or too old. Send the event exactly as the provider signed it.' },
  missing_event_id: { status: 400, hint: 'The signed body is not a provider event with an id.' },
  checkout_failed: { status: 502, hint: 'The payment provider could not create the checkout session. Nothing was charged; retry in a minute.' },
  portal_failed: { status: 502, hint: 'The payment provider could not open the customer portal. Retry in a minute.' },
  provider_unavailable: { status: 502, hint: 'The payment provider did not answer while the event was processed; nothing was changed. The provider retries the delivery.' },
  billing_unconfigured: { status: 503, hint: 'Billing is not configured on this installation (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET). Operators grant tiers with `siteqa admin workspace set-tier`.' },
  slack_unconfigured: { status: 503, hint: 'Slack is not configured on this installation (SLACK_CLIENT_ID and SLACK_CLIENT_SECRET). Alerts go by e-mail.' },
  webhook_unconfigured: { status: 409, hint: 'Set usage_webhook_url (and usage_webhook_secret) with PATCH /api/v1/workspaces/current/usage first.' },
  invalid_tier: { status: 422, hint: 'tier must be one of free, agent_temp, starter, pro, team.' },
  invalid_email: { status: 422, hint: 'Send one valid email address, such as you@example.com.' },
  invalid_webhook_url: { status: 422, hint: 'usage_webhook_url must be an https URL of a public host.' },
  invalid_spec: { status: 422, hint: 'The spec is not a valid flow-spec v1 document; `diagnostics` lists the JSON paths that failed (schema: /api/v1/schemas/flow-spec-v1.json).' },
  compile_failed: { status: 422, hint: 'The test case could not be compiled; `diagnostics` gives line, column, message and a suggestion for each problem (grammar: /docs/flows).' },
  name_taken: { status: 409, hint: 'This workspace already has a flow with that name. Choose another name.' },
  flow_not_confirmed: { status: 409, hint: 'Only confirmed flows run. Review the draft spec, then POST /api/v1/flows/{flow_id}/confirm.' },
  flow_in_use: { status: 409, hint: 'A monitor runs this flow. Delete the monitor (or point it elsewhere) first.' },
  credentials_unavailable: { status: 503, hint: 'No encryption key is available to store credentials (set SECRETS_KEY, or make DATA_DIR writable). Nothing was stored.' },
  unknown_monitor: { status: 404, hint: 'No monitor has this id. Check the deploy-hook URL (GET /api/v1/monitors/{id} shows it).' },
  bad_token: { status: 401, hint: "Send the monitor's deploy token in the X-Service-Token header (shown once at creation; rotate it with POST /api/v1/monitors/{id}/webhook/rotate)." },
  monitor_paused: { status: 409, hint: 'The monitor is paused: resume it with PATCH /api/v1/monitors/{id} {"status": "active"}.' },
  invalid_status: { status: 422, hint: 'status must be active or paused.' },
  invalid_cadence: { status: 422, hint: 'cadence must be daily or hourly.' },
  gremlin_disabled: { status: 404, hint: 'Chaos runs are switched off on this installation (QA_GREMLIN_ENABLED=false).' },
  invalid_persona: { status: 422, hint: 'persona must be one of confused_newbie, impatient, hostile, fat_finger, back_button_masher (or null).' },
  too_many_gremlin_runs: { status: 429, hint: 'Too many chaos runs of this workspace are queued or running; wait for one to end.' },
  invalid_host: { status: 422, hint: 'host must be a bare host name such as shop.example.com: no scheme, port, path or wildcard.' },
  app_model_not_found: { status: 404, hint: 'This workspace has no app model (or no such version of it) for this domain. Write one with PUT /api/v1/app-model/{domain}.' },
  domain_not_registered: { status: 404, hint: 'The domain is not registered in this workspace: register it with PUT /api/v1/gremlin/domains first.' },
  invalid_app_model: { status: 422, hint: 'The document is not a valid app model v1; `diagnostics` lists the JSON paths that failed (schema: /api/v1/schemas/app-model-v1.json).' },
  invalid_domain: { status: 422, hint: 'The domain must be a bare host name such as shop.example.com: no scheme, port, path or IP address.' },
  database_unavailable: { status: 503, hint: 'The database did not answer; the service cannot serve requests right now.' },
  internal_error: { status: 500, hint: 'Something went wrong on our side. The error was logged; retry later.' },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}

export function errorBody(code: ErrorCode, hint?: string, details: Record<string, unknown> = {}) {
  return { ...details, code, hint: hint ?? ERRORS[code].hint, docs: `/docs/errors#${code}` };
}

export function sendError(reply: FastifyReply, code: ErrorCode, hint?: string, headers: Record<string, string> = {}, details?: Record<string, unknown>) {
  for (const [k, v] of Object.entries(headers)) reply.header(k, v);
  return reply.code(ERRORS[code].status).type('application/json; charset=utf-8').send(errorBody(code, hint, details));
}

/** Thrown from handlers and services; the error handler turns it into the registry's response. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly hint?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(hint ?? ERRORS[code].hint);
  }
}
