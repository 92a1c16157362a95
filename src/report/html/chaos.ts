// A chaos run's safety record: the persona and seed, what it would have sent (dry run), what it was
// refused (payment providers), and where a payment form stopped it.
import { escapeHtml } from '../../html/escape.js';
import type { Report } from '../build.js';

export function renderChaos(chaos: Report['chaos']): string {
  if (!chaos) return '';
  const rows = (items: { step: number; method: string; url: string; body?: string | null; reason?: string }[]) =>
    `<ul class="vlist">${items.slice(0, 50).map((w) => `<li><span class="muted">step ${w.step + 1}</span> <span class="mono">${escapeHtml(w.method)} ${escapeHtml(w.url)}</span>${w.reason ? ` — ${escapeHtml(w.reason)}` : ''}${w.body ? `<br><code>${escapeHtml(w.body)}</code>` : ''}</li>`).join('')}</ul>`;
  const stop = chaos.payment_stop
    ? `<p class="notice"><strong>Stopped at a payment form</strong> (step ${chaos.payment_stop.step + 1}, <span class="mono">${escapeHtml(chaos.payment_stop.url)}</span>): nothing was submitted. Detected: <code>${escapeHtml(chaos.payment_stop.detected)}</code></p>`
    : '';
  return `<section class="panel" aria-labelledby="chaos-title"><h3 id="chaos-title">Chaos run: ${escapeHtml(chaos.persona.replace(/_/g, ' '))}, seed ${escapeHtml(chaos.seed)}</h3>`
    + `<p>${chaos.mode === 'dry_run' ? 'Dry run: every request that could change data was answered by siteqa, not sent.' : 'Real mutation was allowed for this host by its owner (destructive actions and payments excepted).'} ${escapeHtml(chaos.breakages)} breakage${chaos.breakages === 1 ? '' : 's'} found within ${escapeHtml(chaos.step_cap)} steps.</p>`
    + stop
    + (chaos.would_have_sent.length ? `<details><summary>Would have sent (${chaos.would_have_sent.length})</summary>${rows(chaos.would_have_sent)}</details>` : '')
    + (chaos.refused.length ? `<details><summary>Refused (${chaos.refused.length})</summary>${rows(chaos.refused)}</details>` : '')
    + '</section>';
}
