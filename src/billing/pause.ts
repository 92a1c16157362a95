// The billing pause: the one place that sets and clears a workspace's `monitor_paused_at` (the
// usage field). While it is set, paid capabilities are paused and the monitor scheduler must skip
// the workspace's monitors; clearing it resumes them (docs/billing.md).
import type { LoggedWriteDeps } from '../runtime.js';
import type { StoreTx, WorkspaceRow } from '../store/index.js';

/**
 * Pauses (`pausedAt`, keeping an earlier pause time) or resumes (`null`) the workspace's paid
 * capabilities. Pass `tx` to make the pause part of a larger write (a webhook's effects).
 */
export async function setBillingPause(rt: LoggedWriteDeps, workspaceId: string, pausedAt: Date | null, tx?: StoreTx): Promise<WorkspaceRow | undefined> {
  const row = await rt.store.workspaceBilling.setPause(workspaceId, pausedAt, rt.clock.now(), tx);
  if (row) rt.log.info({ workspace_id: workspaceId, monitor_paused_at: row.monitor_paused_at }, pausedAt ? 'billing pause set' : 'billing pause cleared');
  return row;
}
