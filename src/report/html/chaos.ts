// A chaos run's safety record: the persona and seed, what it would have sent (dry run), what it was
// refused (payment providers), and where a payment form stopped it; then each breakage's minimal
// reproduction (what shrinking left) and its draft flow, as JSON ready to POST to /api/v1/flows.
import type { Finding } from '../../checks/types.js';
import { escapeHtml } from '../../html/escape.js';
import type { Report } from '../build.js';

type Step = { action: string; target?: string; value?: string; url?: string; key?: string };

function stepText(s: Step): string {
  const v = (x: string | undefined) => escapeHtml((x ?? '').length > 120 ? `${(x ?? '').slice(0, 119)}…` : x ?? '');
  switch (s.action) {
    case 'goto': return `go to <span class="mono">${v(s.url)}</span>`;
    case 'fill': return `type <code>${v(s.value)}</code> into “${v(s.target)}”`;
    case 'press': return `press <kbd>${v(s.key)}</kbd>`;
    default: return `${escapeHtml(s.action)} “${v(s.target)}”`;
  }
}

/** One breakage: the minimal steps shrinking found and the draft flow to keep as a regression test. */
function renderBreakage(f: Finding, startUrl: string): string {
  const ev = (f.evidence ?? {}) as { message?: string; minimal?: Step[]; reproduction?: Step[]; shrink?: { replays: number; reproduced: boolean; from: number; to: number }; draft_flow?: unknown };
  const steps = ev.minimal ?? ev.reproduction ?? [];
  const shrink = ev.shrink
    ? ev.shrink.reproduced
      ? `Shrunk from ${ev.shrink.from} persona move${ev.shrink.from === 1 ? '' : 's'} to ${ev.shrink.to} in ${ev.shrink.replays} replay${ev.shrink.replays === 1 ? '' : 's'} in fresh sessions.`
      : 'It did not show again in a fresh session: these are the steps of the walk as taken.'
    : 'Not shrunk (no replays or time left): these are the steps of the walk as taken.';
  const draft = ev.draft_flow ? { url: startUrl, name: f.title.slice(0, 120), spec: ev.draft_flow } : null;
  return `<li><strong>${escapeHtml(f.title)}</strong>: ${escapeHtml(ev.message ?? '')}`
    + `<p class="muted">Minimal reproduction. ${escapeHtml(shrink)}</p><ol class="vlist">${steps.map((s) => `<li>${stepText(s)}</li>`).join('')}</ol>`
    + (draft ? `<details><summary>Draft flow (POST to /api/v1/flows, review, then confirm to keep it as a regression test)</summary><pre class="copyable"><code>${escapeHtml(JSON.stringify(draft, null, 2))}</code></pre></details>` : '')
    + '</li>';
}

export function renderChaos(chaos: Report['chaos'], findings: readonly Finding[] = [], startUrl = ''): string {
  if (!chaos) return '';
  const breakages = findings.filter((f) => f.check_id === 'chaos.breakage');
  const rows = (items: { step: number; method: string; url: string; body?: string | null; reason?: string }[]) =>
    `<ul class="vlist">${items.slice(0, 50).map((w) => `<li><span class="muted">step ${w.step + 1}</span> <span class="mono">${escapeHtml(w.method)} ${escapeHtml(w.url)}</span>${w.reason ? ` — ${escapeHtml(w.reason)}` : ''}${w.body ? `<br><code>${escapeHtml(w.body)}</code>` : ''}</li>`).join('')}</ul>`;
  const stop = chaos.payment_stop
    ? `<p class="notice"><strong>Stopped at a payment form</strong> (step ${chaos.payment_stop.step + 1}, <span class="mono">${escapeHtml(chaos.payment_stop.url)}</span>): nothing was submitted. Detected: <code>${escapeHtml(chaos.payment_stop.detected)}</code></p>`
    : '';
  return `<section class="panel" aria-labelledby="chaos-title"><h3 id="chaos-title">Chaos run: ${escapeHtml(chaos.persona.replace(/_/g, ' '))}, seed ${escapeHtml(chaos.seed)}</h3>`
    + `<p>${chaos.mode === 'dry_run' ? 'Dry run: every request that could change data was answered by siteqa, not sent.' : 'Real mutation was allowed for this host by its owner (destructive actions and payments excepted).'} ${escapeHtml(chaos.breakages)} breakage${chaos.breakages === 1 ? '' : 's'} found within ${escapeHtml(chaos.step_cap)} steps.</p>`
    + stop
    + (breakages.length ? `<h4>Breakages and their minimal reproductions</h4><ol class="vlist">${breakages.map((f) => renderBreakage(f, startUrl)).join('')}</ol>` : '')
    + (chaos.would_have_sent.length ? `<details><summary>Would have sent (${chaos.would_have_sent.length})</summary>${rows(chaos.would_have_sent)}</details>` : '')
    + (chaos.refused.length ? `<details><summary>Refused (${chaos.refused.length})</summary>${rows(chaos.refused)}</details>` : '')
    + '</section>';
}
