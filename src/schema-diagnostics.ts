// The errors of a JSON Schema validation (ajv) as diagnostics a user can act on: a JSON Pointer to the
// place and what is wrong there, each said once. Shared by the published documents (flow-spec v1, app model v1).
import type { ErrorObject } from 'ajv';

export interface SchemaDiagnostic {
  /** JSON Pointer into the submitted document ("/" for the whole of it). */
  path: string;
  message: string;
}

export function schemaDiagnostics(errors: readonly ErrorObject[] | null | undefined): SchemaDiagnostic[] {
  const seen = new Set<string>();
  return (errors ?? [])
    // `if` only says which `then` failed; the `then` error names the field.
    .filter((e) => e.keyword !== 'if')
    .map((e) => ({
      path: e.keyword === 'required' ? `${e.instancePath}/${(e.params as { missingProperty: string }).missingProperty}` : e.instancePath || '/',
      message: e.keyword === 'required' ? 'is required' : e.keyword === 'additionalProperties' ? `has an unknown field "${(e.params as { additionalProperty: string }).additionalProperty}"` : e.message ?? 'is invalid',
    }))
    .filter((d) => !seen.has(`${d.path} ${d.message}`) && seen.add(`${d.path} ${d.message}`));
}
