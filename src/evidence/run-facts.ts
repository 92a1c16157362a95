// What a run's whole bundle says about the run itself, read once before the checks (each of which may be
// handed only some parts of the bundle): the site copy it audited, and whether its machine was offline.
import { localCopyOf } from './copy-host.js';
import { offlineWitness } from './offline.js';
import type { EvidenceBundle } from './types.js';

export interface RunFacts {
  localCopyOf: string | null;
  offline: string | null;
}

/** The run's facts from the whole bundle: the copy it is, the machine it ran on. */
export function runFacts(bundle: EvidenceBundle): RunFacts {
  return {
    localCopyOf: localCopyOf(bundle),
    offline: offlineWitness([...bundle.pages, ...(bundle.consent?.loads ?? []).map((l) => ({ url: l.url, final_url: l.url, status: null, requests: l.requests }))]),
  };
}
