// After a monitor's run ends: its findings are followed against the monitor's earlier runs (new,
// still there, fixed, regressed, flapping) and the report is stored with those marks; the monitor's
// bookkeeping moves (last run, consecutive failures — ten in a row pause it); and an alert goes out
// when the run failed, a grade dropped or a critical finding is new.
import { alertReasons } from '../alerts/decide.js';
import { scheduleAlert } from '../alerts/jobs.js';
import type { Report } from '../report/build.js';
import { followFindings } from '../report/follow.js';
import type { Runtime } from '../runtime.js';
import type { RunRow } from '../store/index.js';
import { RECENT_RUNS } from './service.js';
import { slackView } from '../slack/connection.js';

export const PAUSE_AFTER_FAILURES = 10;
const FAILED = ['failed', 'blocked', 'timeout'];

export async function monitorRunFinished(rt: Runtime, run: RunRow, report: Report): Promise<void> {
  if (!run.monitor_id) return;
  const monitor = await rt.store.monitors.getById(run.monitor_id);
  if (!monitor) return;
  const earlier: Report[] = [];
  for (const r of (await rt.store.monitors.recentRuns(monitor.id, RECENT_RUNS + 1)).filter((r) => r.id !== run.id).reverse()) {
    const body = await rt.store.reports.get(r.id);
    if (body) earlier.push(JSON.parse(body) as Report);
  }
  const { report: followed } = followFindings(earlier, report);
  await rt.store.reports.save(run.id, JSON.stringify(followed), rt.clock.now());

  const now = rt.clock.now();
  const failures = FAILED.includes(report.status) ? Number(monitor.consecutive_failures) + 1 : 0;
  const pause = failures >= PAUSE_AFTER_FAILURES && monitor.status === 'active';
  await rt.store.monitors.update(monitor.id, {
    last_run_at: report.finished_at ?? now.toISOString(), last_run_id: run.id, last_run_status: report.status, consecutive_failures: failures,
    ...(pause ? { status: 'paused', paused_reason: 'consecutive_failures' } : {}),
  }, now);

  const previous = [...earlier].reverse().find((r) => r.status !== 'queued' && r.status !== 'running') ?? null;
  const reasons = alertReasons(previous, followed);
  if (pause) reasons.push(`the monitor was paused after ${failures} failed runs in a row`);
  if (reasons.length === 0) return;
  const ws = await rt.store.workspaces.get(monitor.workspace_id);
  if (!ws) return;
  const base = { workspaceId: ws.id, monitorId: monitor.id, runId: run.id, reasons };
  if (ws.email_alerts_enabled !== false) await scheduleAlert(rt, { ...base, channel: 'email' });
  // Slack once connected (connecting is the opt-in), unless slack_alerts_enabled is false.
  if (ws.slack_alerts_enabled !== false && slackView(await rt.store.slack.get(ws.id)).connected) await scheduleAlert(rt, { ...base, channel: 'slack' });
}
