// Flow credentials: `{{VAR}}` values sealed at rest with the secret box, write-only. Stored ones
// live per flow; per-run ones are sealed only until the worker takes them at the run's start.
import type { Runtime, WriteDeps } from '../runtime.js';
import { ServiceError } from '../service-error.js';
import type { WorkspaceRow } from '../store/index.js';
import type { SecretBox } from '../workspaces/secret-box.js';
import { getFlow } from './service.js';

export const VARIABLE_NAME = /^[A-Z][A-Z0-9_]{0,63}$/;
export const MAX_VALUE_LENGTH = 4096;
export const MAX_CREDENTIALS = 50;

/** Names and values as sent; `null` deletes a stored name. Refuses bad names and overlong values. */
export function checkCredentials(values: Record<string, unknown>, allowNull: boolean): Record<string, string | null> {
  const entries = Object.entries(values);
  if (entries.length > MAX_CREDENTIALS) throw new ServiceError('invalid_payload', `At most ${MAX_CREDENTIALS} credentials per request.`);
  for (const [name, value] of entries) {
    if (!VARIABLE_NAME.test(name)) throw new ServiceError('invalid_payload', `Credential name ${JSON.stringify(name.slice(0, 70))} must look like a {{VAR}} name: A–Z, 0–9 and _, starting with a letter.`);
    if (value === null && allowNull) continue;
    if (typeof value !== 'string' || value.length === 0 || value.length > MAX_VALUE_LENGTH) {
      throw new ServiceError('invalid_payload', `Credential ${name} must be a non-empty string of at most ${MAX_VALUE_LENGTH} characters${allowNull ? ' (or null to delete it)' : ''}.`);
    }
  }
  return values as Record<string, string | null>;
}

function sealer(secrets: SecretBox): SecretBox {
  try {
    secrets.open(secrets.seal('probe'));
    return secrets;
  } catch {
    throw new ServiceError('credentials_unavailable', 'No encryption key can be had (set SECRETS_KEY, or make DATA_DIR writable); nothing was stored.');
  }
}

export async function storeCredentials(rt: WriteDeps & Pick<Runtime, 'secrets'>, ws: WorkspaceRow, flowId: string, values: Record<string, unknown>): Promise<{ stored: string[] }> {
  await getFlow(rt, ws, flowId);
  const checked = checkCredentials(values, true);
  const box = sealer(rt.secrets);
  const sealed = Object.fromEntries(Object.entries(checked).map(([k, v]) => [k, v === null ? null : box.seal(v)]));
  await rt.store.flows.putCredentials(flowId, sealed, rt.clock.now());
  return { stored: await rt.store.flows.credentialNames(flowId) };
}

/** Per-run credentials, sealed for the trip to the worker (the run row never holds them). */
export function sealRunCredentials(rt: Pick<Runtime, 'secrets'>, values: Record<string, string>): string {
  return sealer(rt.secrets).seal(JSON.stringify(values));
}

/** The run's variables: the flow's stored credentials, overridden by the run's own (taken once). */
export async function variablesForRun(store: Runtime['store'], secrets: SecretBox, runId: string, flowId: string | null): Promise<Record<string, string>> {
  const stored = flowId ? await store.flows.sealedCredentials(flowId) : {};
  const vars: Record<string, string> = {};
  for (const [name, sealed] of Object.entries(stored)) vars[name] = secrets.open(sealed);
  const perRun = await store.flows.takeRunCredentials(runId);
  if (perRun) Object.assign(vars, JSON.parse(secrets.open(perRun)) as Record<string, string>);
  return vars;
}
