// The sentence a draft shows: what to check before confirming it (steps a model wrote, variables
// still without a stored value, warnings) and how to confirm.
import type { CompileDiagnostic } from './compiler.js';
import type { FlowSpec } from './spec.js';

export function reviewHint(spec: FlowSpec, diagnostics: Pick<CompileDiagnostic, 'severity' | 'line' | 'message'>[], storedCredentials: string[] = []): string {
  const parts: string[] = [`Check the ${spec.steps.length} step${spec.steps.length === 1 ? '' : 's'} below before confirming.`];
  const byModel = spec.steps.map((s, i) => (s.source?.compiled_by === 'model' ? i + 1 : 0)).filter(Boolean);
  if (byModel.length) parts.push(`Step${byModel.length === 1 ? '' : 's'} ${byModel.join(', ')} ${byModel.length === 1 ? 'was' : 'were'} written by a model from your words: make sure ${byModel.length === 1 ? 'it does' : 'they do'} what you meant.`);
  const missing = spec.variables.filter((v) => !storedCredentials.includes(v));
  if (missing.length) parts.push(`Store ${missing.map((v) => `{{${v}}}`).join(', ')} with PUT /api/v1/flows/{flow_id}/credentials (or send them with each run).`);
  const warnings = diagnostics.filter((d) => d.severity === 'warning');
  if (warnings.length) parts.push(`${warnings.length} warning${warnings.length === 1 ? '' : 's'}: ${warnings.slice(0, 3).map((w) => `line ${w.line}: ${w.message}`).join('; ')}.`);
  parts.push('Then POST /api/v1/flows/{flow_id}/confirm; only confirmed flows run.');
  return parts.join(' ');
}
