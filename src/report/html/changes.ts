// A monitor run's "since the last run" panel: counts in the lifecycle's words, and what was fixed.
import { escapeHtml } from '../../html/escape.js';
import type { Changes } from '../follow.js';

export function renderChanges(changes: Changes | undefined): string {
  if (!changes) return '';
  const c = changes.counts;
  const words = [[c.new, 'new'], [c.regressed, 'regressed'], [c.flapping, 'flapping'], [c.still_there, 'still there'], [c.fixed, 'fixed']]
    .filter(([n]) => Number(n) > 0).map(([n, w]) => `<li><strong>${escapeHtml(n)}</strong> ${escapeHtml(w)}</li>`).join('');
  const fixed = changes.fixed.length
    ? `<details><summary>Fixed since the last run (${changes.fixed.length})</summary><ul class="vlist">${changes.fixed.map((f) => `<li>${escapeHtml(f.title)} <span class="muted">${escapeHtml(f.check_id)}</span></li>`).join('')}</ul></details>`
    : '';
  const lead = changes.compared_with ? 'Since the monitor\'s last run' : 'The monitor\'s first run: every finding is new';
  return `<section class="panel changes" aria-labelledby="changes-title"><h3 id="changes-title">${lead}</h3>${words ? `<ul class="counts">${words}</ul>` : ''}${fixed}</section>`;
}
