// From what a user wrote to a draft spec: a plain-language test case is compiled (lines outside the
// vocabulary go to the model in one metered call when one is configured), a spec is validated;
// either way the start URL and every `go to` pass the URL guard. Refusals carry diagnostics.
import { modelConfigured } from '../advisory/analyze.js';
import { checkUrl } from '../guard/url.js';
import type { Runtime, LoggedWriteDeps } from '../runtime.js';
import { ServiceError } from '../service-error.js';
import type { WorkspaceRow } from '../store/index.js';
import { randomUUID } from 'node:crypto';
import { admitMeteredWork, recordMeterEvent } from '../billing/meter-events.js';
import { compileTestCase, type CompileDiagnostic } from './compiler.js';
import { compileUnknownLinesWithModel, mergeModelSteps } from './model-compile.js';
import type { FlowSpec } from './spec.js';
import { validateSpec } from './validate-spec.js';

export interface DraftInput {
  url: string;
  test_case?: string | null;
  spec?: unknown;
}

export interface Draft {
  spec: FlowSpec;
  diagnostics: CompileDiagnostic[];
  /** Model calls made (each one metered). */
  model_calls: number;
}

export async function draftSpec(rt: LoggedWriteDeps & Pick<Runtime, 'config' | 'guard'>, ws: WorkspaceRow, input: DraftInput): Promise<Draft> {
  const start = await checkUrl(input.url, rt.guard);
  if (!start.ok) throw new ServiceError('unsafe_url', `url: ${start.reason}`);
  const hasCase = typeof input.test_case === 'string';
  const hasSpec = input.spec !== undefined && input.spec !== null;
  if (hasCase === hasSpec) throw new ServiceError('invalid_payload', 'Send exactly one of test_case (plain language) or spec (a flow-spec v1 object).');
  const draft = hasCase ? await compile(rt, ws, input.test_case!, start.url.href) : validated(input.spec, start.url.href);
  await guardGotos(rt, draft.spec);
  return draft;
}

function validated(spec: unknown, startUrl: string): Draft {
  const withStart = spec && typeof spec === 'object' && !Array.isArray(spec) && !('start_url' in spec) ? { ...spec, start_url: startUrl } : spec;
  const result = validateSpec(withStart);
  if (!result.ok) {
    const paths = result.diagnostics.map((d) => `${d.path}: ${d.message}`).slice(0, 5).join('; ');
    throw new ServiceError('invalid_spec', `The spec is not valid flow-spec v1 (${paths}).`, { details: { diagnostics: result.diagnostics } });
  }
  return { spec: result.spec, diagnostics: [], model_calls: 0 };
}

async function compile(rt: LoggedWriteDeps & Pick<Runtime, 'config'>, ws: WorkspaceRow, testCase: string, startUrl: string): Promise<Draft> {
  let result = compileTestCase(testCase, { startUrl });
  let calls = 0;
  if (result.unknown_lines.length > 0 && modelConfigured(rt.config)) {
    // One model call for every line outside the vocabulary: one metered unit (service_run_starter),
    // refused at the hard cap; given back if the call fails, recorded (and billed past the plan) once made.
    const admission = await admitMeteredWork(rt, ws, 1);
    let model: Awaited<ReturnType<typeof compileUnknownLinesWithModel>>;
    try {
      model = await compileUnknownLinesWithModel({ baseUrl: rt.config.modelBaseUrl!, apiKey: rt.config.modelApiKey, model: rt.config.modelName! }, result.unknown_lines, { startUrl });
    } catch (err) {
      await admission.release();
      throw new ServiceError('compile_failed', `The model could not compile the lines outside the vocabulary (${(err as Error).message.split('\n')[0]}); write them in the vocabulary (/docs/flows).`, { details: { diagnostics: result.diagnostics } });
    }
    await recordMeterEvent(rt, { workspaceId: ws.id, meter: 'service_run_starter', units: 1, identifier: `flow-compile:${randomUUID()}` });
    calls = model.calls;
    result = mergeModelSteps(result, model);
  }
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    const first = errors.slice(0, 3).map((d) => `line ${d.line}:${d.column} ${d.message}${d.suggestion ? ` (did you mean: ${d.suggestion})` : ''}`).join('; ');
    throw new ServiceError('compile_failed', `${errors.length} problem${errors.length === 1 ? '' : 's'} in the test case: ${first}.`, { details: { diagnostics: result.diagnostics } });
  }
  return { spec: result.spec, diagnostics: result.diagnostics, model_calls: calls };
}

/** Every `go to` of the spec, resolved against the start URL, must pass the guard as the start URL does. */
async function guardGotos(rt: Pick<Runtime, 'guard'>, spec: FlowSpec): Promise<void> {
  for (const [i, step] of spec.steps.entries()) {
    if (step.action !== 'goto' || !step.url) continue;
    // A URL made of a variable alone is checked at run time by the guard proxy.
    if (/^\{\{/.test(step.url)) continue;
    let target: string;
    try {
      target = new URL(step.url, spec.start_url).href;
    } catch {
      throw new ServiceError('invalid_spec', `steps[${i}] goes to "${step.url}", which is not a URL.`, { details: { diagnostics: [{ path: `/steps/${i}/url`, message: 'not a URL' }] } });
    }
    const verdict = await checkUrl(target, rt.guard);
    if (!verdict.ok) throw new ServiceError('unsafe_url', `step ${i + 1} (go to ${step.url}): ${verdict.reason}`);
  }
}
