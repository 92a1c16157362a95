// TypeBox schemas of the workspace routes: creation, the usage object, settings.
import { Type } from 'typebox';
import { SlackConnection } from '../integrations/schemas.js';

// Null first: with Ajv's type coercion on, a union tried string-first would turn null into "" (and
// boolean-first into false) before the null branch is ever tried.
const NullableString = (opts: Parameters<typeof Type.String>[0] = {}) => Type.Union([Type.Null(), Type.String(opts)]);
const NullableBool = Type.Union([Type.Null(), Type.Boolean()]);

export const CreateWorkspace = Type.Object(
  {
    owner_email: Type.String({ maxLength: 254, description: 'The human owner; validated as one email address.' }),
    display_name: Type.Optional(NullableString({ maxLength: 120 })),
    tier: Type.Optional(Type.String({ description: 'free (default), agent_temp (7-day no-card trial for agents), or starter, pro, team: stored as requested_tier until checkout completes.' })),
  },
  { additionalProperties: false },
);

export const UsageObject = Type.Object({
  calls_used: Type.Integer({ description: 'Metered calls this period.' }),
  calls_included: Type.Integer({ description: 'Calls the tier includes per period (anonymous: audits per IP per rate window).' }),
  calls_remaining: Type.Integer({ description: 'max(0, calls_included - calls_used).' }),
  period_start: Type.String({ format: 'date-time' }),
  period_end: Type.String({ format: 'date-time' }),
  monitor_paused_at: NullableString({ format: 'date-time' }),
  opt_in_to_overage: Type.Boolean(),
  prepaid_credit_balance: Type.Number({ description: 'US dollars.' }),
});

const SettingsFields = {
  display_name: NullableString(),
  usage_webhook_url: NullableString(),
  usage_webhook_secret: NullableString({ description: 'Write: the secret. Read: null, or "…" plus its last four characters.' }),
  opt_in_to_overage: Type.Boolean(),
  email_alerts_enabled: NullableBool,
  slack_alerts_enabled: NullableBool,
};

export const SettingsPatch = Type.Object(
  {
    display_name: Type.Optional(NullableString({ maxLength: 120 })),
    usage_webhook_url: Type.Optional(NullableString({ maxLength: 2048 })),
    usage_webhook_secret: Type.Optional(NullableString({ minLength: 16, maxLength: 256 })),
    opt_in_to_overage: Type.Optional(NullableBool), // null: not opted in (the contract allows null)
    email_alerts_enabled: Type.Optional(NullableBool),
    slack_alerts_enabled: Type.Optional(NullableBool),
  },
  { additionalProperties: false },
);

export const SettingsWithUsage = Type.Object({ ...SettingsFields, usage: UsageObject });

export const PaidCapabilities = Type.Object({
  paid: Type.Boolean({ description: 'Monitors, flows and overage may be used now (a trialing or active subscription, or an operator grant).' }),
  paused: Type.Boolean({ description: 'Billing-paused: the subscription is past_due, unpaid or paused.' }),
  reason: NullableString({ description: 'Why not, when paid is false.' }),
});

export const Workspace = Type.Object({
  workspace_id: Type.String({ format: 'uuid' }),
  owner_email: Type.String(),
  tier: Type.String({ description: 'The tier in effect. A paid tier needs a card (checkout) or an operator grant.' }),
  requested_tier: NullableString({ description: 'A paid tier asked for whose checkout has not completed; null otherwise.' }),
  subscription_status: NullableString({ description: "The payment provider's subscription status (trialing, active, past_due, unpaid, paused, canceled…), null without one." }),
  trial_ends_at: NullableString({ format: 'date-time', description: 'End of the 7-day card-first trial (kept after it ends: one trial per workspace).' }),
  paid_capabilities: PaidCapabilities,
  api_key_hint: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  ...SettingsFields,
  slack: SlackConnection,
  usage: UsageObject,
});

export const WorkspaceCreated = Type.Object({
  ...Workspace.properties,
  api_token: Type.String({ description: 'Shown once; store it now.' }),
  next_step: NullableString({ description: 'Set when a paid tier was requested: how to put a card on file (checkout) so it takes effect.' }),
});

export const WebhookTestSent = Type.Object({
  delivery_id: Type.String({ format: 'uuid' }),
  event: Type.Literal('usage.test'),
  delivered: Type.Boolean(),
  response_status: Type.Union([Type.Integer(), Type.Null()]),
  error: NullableString(),
});
