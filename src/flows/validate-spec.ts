// Validates a flow-spec v1 document on every write: the published JSON Schema (ajv, all errors,
// each with its JSON Pointer path), then what a schema cannot say — unique step ids, every
// {{VAR}} used is a declared variable (declared ones are derived when the list is absent).
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { FLOW_SPEC_SCHEMA, type FlowSpec } from './spec.js';
import { schemaDiagnostics } from '../schema-diagnostics.js';

export interface SpecDiagnostic {
  /** JSON Pointer into the document, e.g. `/steps/2/value`. */
  path: string;
  message: string;
}

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv);
const schemaCheck = ajv.compile(FLOW_SPEC_SCHEMA);
const PLACEHOLDER = /\{\{\s*([^}]*?)\s*\}\}/g;

/** Variable names used in one string (`{{NAME}}`), in order of appearance. */
export function variablesIn(s: string | undefined): string[] {
  return s ? [...s.matchAll(PLACEHOLDER)].map((m) => m[1]!) : [];
}

export function validateSpec(input: unknown): { ok: true; spec: FlowSpec } | { ok: false; diagnostics: SpecDiagnostic[] } {
  const doc = withDerivedVariables(input);
  if (!schemaCheck(doc)) {
    return { ok: false, diagnostics: schemaDiagnostics(schemaCheck.errors) };
  }
  const spec = doc as FlowSpec;
  const diagnostics: SpecDiagnostic[] = [];
  const ids = new Set<string>();
  spec.steps.forEach((step, i) => {
    if (ids.has(step.id)) diagnostics.push({ path: `/steps/${i}/id`, message: `repeats the id "${step.id}"; step ids must be unique` });
    ids.add(step.id);
    for (const field of ['target', 'key', 'status'] as const) {
      if (variablesIn(typeof step[field] === 'string' ? (step[field] as string) : undefined).length) diagnostics.push({ path: `/steps/${i}/${field}`, message: 'cannot hold a {{VAR}}: variables go in value, url or text' });
    }
    for (const field of ['value', 'url', 'text'] as const) {
      for (const name of variablesIn(step[field])) {
        if (!/^[A-Z][A-Z0-9_]{0,63}$/.test(name)) diagnostics.push({ path: `/steps/${i}/${field}`, message: `{{${name}}} is not a variable name (A–Z, 0–9, _; starting with a letter)` });
        else if (!spec.variables.includes(name)) diagnostics.push({ path: `/steps/${i}/${field}`, message: `uses {{${name}}}, which is not in variables` });
      }
    }
  });
  return diagnostics.length ? { ok: false, diagnostics } : { ok: true, spec };
}

/** A spec without `variables` declares the ones its steps use. */
function withDerivedVariables(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input) || (input as { variables?: unknown }).variables !== undefined) return input;
  const steps = (input as { steps?: unknown }).steps;
  if (!Array.isArray(steps)) return input;
  const names = new Set<string>();
  for (const s of steps) {
    if (!s || typeof s !== 'object') continue;
    for (const f of ['value', 'url', 'text']) {
      const v = (s as Record<string, unknown>)[f];
      if (typeof v === 'string') for (const n of variablesIn(v)) names.add(n);
    }
  }
  return { ...input, variables: [...names] };
}
