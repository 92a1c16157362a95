// flow-spec v1: what a flow is as data — a start URL, the variables it names, and its steps, each
// with the element it last touched pinned once it passed. The JSON Schema is published at
// /api/v1/schemas/flow-spec-v1.json and every write is validated against it.
import type { ActAction, ActStep } from '../acting/types.js';
import type { StepTargetIdentity } from '../evidence/types.js';

export const FLOW_SPEC_VERSION = 'flow-spec/v1';
export const MAX_STEPS = 100;
export const VARIABLE_NAME_PATTERN = '^[A-Z][A-Z0-9_]{0,63}$';

export type StepAction = ActAction;

export interface PinnedTarget extends StepTargetIdentity {
  pinned_at: string;
}

export interface FlowStep extends ActStep {
  /** Where the step came from when it was compiled from a test case. */
  source?: { line: number; text: string; compiled_by: 'grammar' | 'model' };
  pinned?: PinnedTarget | null;
}

export interface FlowSpec {
  version: typeof FLOW_SPEC_VERSION;
  start_url: string;
  /** Default per-step timeout in ms (a step may set its own). */
  timeout_ms?: number;
  /** Names used as {{VAR}} in the steps' values and URLs. */
  variables: string[];
  steps: FlowStep[];
}

const str = (max = 2000) => ({ type: 'string', minLength: 1, maxLength: max });
const nullableStr = { type: ['string', 'null'], maxLength: 2000 };

const PINNED = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['role', 'name', 'tag'],
  properties: {
    role: nullableStr, name: nullableStr, label: nullableStr, text: nullableStr, test_id: nullableStr, css: nullableStr,
    tag: str(64), form: nullableStr, pinned_at: { type: 'string', maxLength: 40 },
  },
};

/** Which fields each action needs (beyond id and action). */
export const REQUIRED_BY_ACTION: Record<StepAction, string[]> = {
  goto: ['url'], click: ['target'], fill: ['target', 'value'], select: ['target', 'value'], check: ['target'], uncheck: ['target'],
  press: ['key'], wait_for: ['text'], expect_text: ['text'], expect_no_text: ['text'], expect_url: ['text'], expect_status: ['status'],
  expect_visible: ['target'], expect_no_errors: [],
};

export const FLOW_SPEC_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: '/api/v1/schemas/flow-spec-v1.json',
  title: 'flow-spec v1',
  description: 'A siteqa flow: a start URL, the {{VARIABLES}} it names, and its steps. Docs: /docs/flows',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'start_url', 'steps'],
  properties: {
    version: { const: FLOW_SPEC_VERSION },
    start_url: { type: 'string', format: 'uri', maxLength: 2048 },
    timeout_ms: { type: 'integer', minimum: 500, maximum: 60_000 },
    variables: { type: 'array', maxItems: 50, uniqueItems: true, items: { type: 'string', pattern: VARIABLE_NAME_PATTERN } },
    steps: {
      type: 'array', minItems: 1, maxItems: MAX_STEPS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'action'],
        properties: {
          id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,32}$' },
          action: { enum: Object.keys(REQUIRED_BY_ACTION) },
          target: str(), value: { type: 'string', maxLength: 2000 }, url: str(2048), key: str(64), text: str(),
          status: { type: 'integer', minimum: 100, maximum: 599 },
          console_errors: { type: 'boolean', description: 'expect_no_errors only: console errors fail the step too (exceptions, rejections and the site\'s 5xx always do)' },
          timeout_ms: { type: 'integer', minimum: 500, maximum: 60_000 },
          source: {
            type: 'object', additionalProperties: false, required: ['line', 'text', 'compiled_by'],
            properties: { line: { type: 'integer', minimum: 1 }, text: { type: 'string', maxLength: 2000 }, compiled_by: { enum: ['grammar', 'model'] } },
          },
          pinned: PINNED,
        },
        allOf: [
          ...Object.entries(REQUIRED_BY_ACTION).map(([action, required]) => ({
            if: { properties: { action: { const: action } }, required: ['action'] },
            then: { required },
          })),
          { if: { required: ['console_errors'] }, then: { properties: { action: { const: 'expect_no_errors' } } } },
        ],
      },
    },
  },
} as const;
