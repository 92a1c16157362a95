// The consent states side by side: the start page with no choice made, after "Reject" and after
// "Accept", each with its picture and what the browser sent to other sites and kept as cookies.
import { escapeHtml } from '../../html/escape.js';
import type { ReportConsent, ReportConsentLoad } from '../pictures.js';
import { plural } from './format.js';
import { renderShot } from './shots.js';

const HEADINGS: Record<string, string> = { none: 'No choice made', reject: 'After “Reject”', accept: 'After “Accept”' };
const LIST_MAX = 6;

function list(items: string[], empty: string): string {
  if (!items.length) return `<p class="small muted">${escapeHtml(empty)}</p>`;
  const shown = items.slice(0, LIST_MAX).map((i) => `<li>${i}</li>`).join('');
  const more = items.length > LIST_MAX ? `<li class="muted">and ${items.length - LIST_MAX} more</li>` : '';
  return `<ul class="vlist small">${shown}${more}</ul>`;
}

function column(l: ReportConsentLoad, imageBase: string | null): string {
  const heading = HEADINGS[l.mode] ?? l.mode;
  const beacons = l.sent.filter((s) => s.beacon_vendor);
  const sent = l.sent.map((s) => `<span class="mono">${escapeHtml(s.host)}</span> ×${escapeHtml(s.requests)}${s.beacon_vendor ? ` <strong>(${escapeHtml(s.beacon_vendor)} hits)</strong>` : ''}`);
  const cookies = l.cookies.map((c) => `<span class="mono">${escapeHtml(c.name)}</span> <span class="muted">${escapeHtml(c.domain)}</span>`);
  const clicked = l.mode === 'none' ? '' : l.action_taken ? `<p class="small">Clicked <span class="mono">${escapeHtml(l.clicked ?? '')}</span></p>` : '<p class="small">The button could not be clicked.</p>';
  return (
    `<li class="consent-state"><h4>${escapeHtml(heading)}</h4>` +
    renderShot(imageBase, l.screenshot, { label: `The start page, ${heading.toLowerCase()}`, cls: 'shot-consent' }) +
    clicked +
    (l.error ? `<p class="small step-error">${escapeHtml(l.error)}</p>` : '') +
    `<p class="small"><strong>${l.sent.length ? `Sent to ${plural(l.sent.length, 'other site')}` : 'Sent nothing to other sites'}</strong>${beacons.length ? `, ${plural(beacons.length, 'analytics or ads endpoint')}` : ''}</p>` +
    (l.sent.length ? list(sent, '') : '') +
    `<p class="small"><strong>${l.cookies.length ? plural(l.cookies.length, 'cookie') : 'No cookies'}</strong></p>` +
    (l.cookies.length ? list(cookies, '') : '') +
    `</li>`
  );
}

export function renderConsent(consent: ReportConsent | undefined, imageBase: string | null): string {
  if (!consent?.loads.length) return '';
  const intro = consent.banner_detected
    ? 'The start page loaded fresh three times: without touching the consent banner, after rejecting and after accepting.'
    : 'No consent banner was found on the start page: this is what its first visit sent.';
  return (
    `<div class="panel consent-panel"><h4>Consent: what each choice sent</h4><p class="small muted">${intro}</p>` +
    `<ol class="consent-states">${consent.loads.map((l) => column(l, imageBase)).join('')}</ol></div>`
  );
}
