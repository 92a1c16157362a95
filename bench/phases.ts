// Where an audit's time goes: the progress stream read as it arrives (each event stamped on
// arrival), joined with what the stored evidence says about each page (axe, settle) and the
// measuring pass; checks + report re-timed in-process on the same bundle.
import { checks } from '../src/checks/registry.js';
import { runChecks } from '../src/checks/runner.js';
import type { EvidenceBundle } from '../src/evidence/types.js';
import { buildReport } from '../src/report/build.js';
import { summaryFor } from '../test/support/audit.js';

export interface StampedEvent {
  type: string;
  at: number;
  data: Record<string, unknown>;
}

export interface Phases {
  status: string;
  pages: number;
  total: number;
  queued: number;
  startPage: number;
  secondPage: number;
  crawl: number;
  tail: number;
  measuring: number;
  judge: number;
  axe: number;
  settle: number;
  benchmarkIndex: number | null;
}

/** Reads an SSE stream to its end, stamping each event with ms since `t0` (performance.now()). */
export async function streamEvents(url: string, t0: number): Promise<StampedEvent[]> {
  const res = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: AbortSignal.timeout(300_000) });
  const decoder = new TextDecoder();
  const out: StampedEvent[] = [];
  let buf = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buf += decoder.decode(chunk, { stream: true });
    let i;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const lines = buf.slice(0, i).split('\n');
      buf = buf.slice(i + 2);
      const type = lines.find((l) => l.startsWith('event: '))?.slice(7);
      const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
      if (type && data) out.push({ type, at: performance.now() - t0, data: JSON.parse(data) });
    }
  }
  return out;
}

export function phasesOf(events: StampedEvent[], bundle: EvidenceBundle | null): Phases {
  const at = (type: string) => events.find((e) => e.type === type)?.at ?? NaN;
  const pages = events.filter((e) => e.type === 'page');
  const end = events.at(-1)!;
  const first = pages[0]?.at ?? NaN;
  const last = pages.at(-1)?.at ?? NaN;
  let judge = NaN;
  if (bundle) {
    const t = performance.now();
    buildReport(summaryFor(bundle), bundle, { judged: runChecks(bundle, checks) });
    judge = performance.now() - t;
  }
  const sum = (k: string) => (bundle?.pages ?? []).reduce((n, p) => n + (p.capture_ms?.[k] ?? 0), 0);
  return {
    status: String(end.data.status), pages: pages.length, total: end.at, queued: at('started'),
    startPage: first - at('started'), secondPage: (pages[1]?.at ?? NaN) - first, crawl: last - first, tail: at('checks') - last,
    measuring: bundle?.conditions.timing?.duration_ms ?? NaN, judge, axe: sum('axe'), settle: sum('settle'),
    benchmarkIndex: bundle?.conditions.timing?.benchmark_index ?? null,
  };
}
