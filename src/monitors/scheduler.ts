// The monitor scheduler: one tick finds the active monitors whose slot is due (workspaces paused by
// billing are skipped) and starts each one's run in a transaction that also moves its slot — a
// compare-and-set, so when several processes tick at once no slot runs twice, and a process dying
// before its commit leaves the slot due for the next tick (none is skipped). A monitor whose run is
// still queued from the last slot gets its slot moved without a second run.
import { every, type Ticker } from '../jobs/every.js';
import type { FlowRunDeps } from '../runtime.js';
import { ServiceError } from '../service-error.js';
import type { MonitorRow, RunRow, StoreTx } from '../store/index.js';
import { nextSlot, type Cadence } from './schedule.js';
import { startMonitorRun } from './start-run.js';

const BATCH = 500;

class SlotTaken extends Error {}

export interface TickResult {
  started: number;
  coalesced: number;
  refused: number;
}

export async function tickMonitors(rt: FlowRunDeps): Promise<TickResult> {
  const now = rt.clock.now();
  const due = await rt.store.monitors.due(now, BATCH);
  const result: TickResult = { started: 0, coalesced: 0, refused: 0 };
  for (const m of due) {
    try {
      const outcome = await runSlot(rt, m, now);
      if (outcome) result[outcome]++;
    } catch (err) {
      rt.log.error({ err, monitor_id: m.id }, 'monitor slot failed');
    }
  }
  return result;
}

async function runSlot(rt: FlowRunDeps, m: MonitorRow, now: Date): Promise<keyof TickResult | null> {
  const next = nextSlot(m.id, m.cadence as Cadence, now);
  const ws = await rt.store.workspaces.get(m.workspace_id);
  if (!ws) return null;
  const claim = async (_run: RunRow | null, tx: StoreTx) => {
    if (!(await rt.store.monitors.claimSlot(m.id, m.next_run_at, next, now, tx))) throw new SlotTaken();
  };
  try {
    const started = await startMonitorRun(rt, ws, m, { trigger: 'monitor_schedule', coalesceWith: 'queued', alongside: claim });
    if (!started.deduped) return 'started';
    // Still queued from an earlier slot: this slot is absorbed, and moves on.
    await rt.store.transaction((tx) => claim(null, tx)).catch((err) => {
      if (!(err instanceof SlotTaken)) throw err;
    });
    return 'coalesced';
  } catch (err) {
    if (err instanceof SlotTaken) return null;
    if (err instanceof ServiceError) {
      // Refused (quota, a flow turned draft, the guard): the slot passes; the monitor says why.
      await rt.store.transaction((tx) => claim(null, tx)).catch(() => {});
      await rt.store.monitors.update(m.id, { last_run_status: `refused: ${err.code}` }, now);
      rt.log.warn({ monitor_id: m.id, code: err.code }, 'monitor run refused');
      return 'refused';
    }
    throw err;
  }
}

/** Ticks every `intervalMs` until stopped; a tick never overlaps the last. */
export function startMonitorScheduler(rt: FlowRunDeps, intervalMs: number): Ticker {
  return every(intervalMs, () => tickMonitors(rt), (err) => rt.log.error({ err }, 'monitor tick failed'));
}
