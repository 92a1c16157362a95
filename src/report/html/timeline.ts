// The Fast section's picture: one bar per page from request to load, with when the first and the
// largest paint happened and where the layout shifted, drawn as SVG on a shared time axis, and a
// thumbnail with the largest-paint element and the shifted elements outlined.
import { displayPath, escapeHtml } from '../../html/escape.js';
import type { ReportPage } from '../build.js';
import { renderShot, type Outline } from './shots.js';

const WIDTH = 600;
const MAX_ROWS = 12;

const fmt = (ms: number | null) => (ms === null ? '—' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** The sentence a reader (or a screen reader) gets for one page's load. */
export function timelineSentence(p: ReportPage): string {
  const t = p.timeline!;
  const lcpWhat = t.lcp_element ? ` (${t.lcp_element.node})` : '';
  const parts = [`First paint ${fmt(t.fcp_ms)}`, `largest paint ${fmt(t.lcp_ms)}${lcpWhat}`, `loaded ${fmt(t.load_ms)}`];
  const shifted = t.shifts.flatMap((s) => s.sources.map((x) => x.node));
  parts.push(t.cls ? `layout shift ${t.cls}${shifted.length ? ` (${[...new Set(shifted)].slice(0, 3).join(', ')} moved)` : ''}` : 'no layout shift');
  return `${parts.join(', ')}.`;
}

function bar(p: ReportPage, scale: number): string {
  const t = p.timeline!;
  const x = (ms: number) => Math.min(WIDTH, Math.round(ms * scale));
  const end = t.load_ms ?? t.lcp_ms ?? t.fcp_ms ?? 0;
  const marks: string[] = [];
  if (t.ttfb_ms !== null) marks.push(`<rect class="tl-wait" x="0" y="8" width="${x(t.ttfb_ms)}" height="8"/>`);
  marks.push(`<rect class="tl-load" x="${x(t.ttfb_ms ?? 0)}" y="8" width="${Math.max(1, x(end) - x(t.ttfb_ms ?? 0))}" height="8"/>`);
  for (const s of t.shifts) marks.push(`<rect class="tl-shift" x="${x(s.start_ms)}" y="2" width="3" height="20"/>`);
  if (t.fcp_ms !== null) marks.push(`<rect class="tl-fcp" x="${x(t.fcp_ms)}" y="0" width="3" height="24"/>`);
  if (t.lcp_ms !== null) marks.push(`<rect class="tl-lcp" x="${x(t.lcp_ms)}" y="0" width="3" height="24"/>`);
  return `<svg class="tl-bar" viewBox="0 0 ${WIDTH + 4} 24" preserveAspectRatio="none" aria-hidden="true">${marks.join('')}</svg>`;
}

/** The page's numbers in one short line, shown beside its bar (the bar itself is decoration). */
export function timelineNumbers(p: ReportPage): string {
  const t = p.timeline!;
  const parts = [`first paint ${fmt(t.fcp_ms)}`, `largest ${fmt(t.lcp_ms)}`, `loaded ${fmt(t.load_ms)}`];
  if (t.cls) parts.push(`shift ${t.cls}`);
  return parts.join(' · ');
}

function row(p: ReportPage, scale: number): string {
  return (
    `<li><span class="tl-path mono">${escapeHtml(displayPath(p.final_url))}</span>${bar(p, scale)}` +
    `<span class="tl-nums">${escapeHtml(timelineNumbers(p))}</span></li>`
  );
}

/** Pages whose layout shifted (what moved, outlined), else the slowest largest paint (what it was): at most three pictures. */
function pictured(timed: readonly ReportPage[], imageBase: string | null): string {
  if (!imageBase) return '';
  const shifted = timed.filter((p) => p.screenshot && p.timeline!.shifts.length).slice(0, 3);
  const slowest = [...timed].filter((p) => p.screenshot && p.timeline!.lcp_element?.rect).sort((a, b) => (b.timeline!.lcp_ms ?? 0) - (a.timeline!.lcp_ms ?? 0)).slice(0, 1);
  const chosen = shifted.length ? shifted : slowest;
  if (!chosen.length) return '';
  const figures = chosen.map((p) => {
    const t = p.timeline!;
    const outlines: Outline[] = [
      ...(t.lcp_element?.rect ? [{ rect: t.lcp_element.rect, kind: 'lcp' as const }] : []),
      // Where each shifted element was before it moved (dashed), and where it ended up when that is in the picture.
      ...t.shifts.flatMap((s) => s.sources.flatMap((x) => [x.was, x.rect].filter((r): r is NonNullable<typeof r> => !!r).map((rect) => ({ rect, kind: 'shift' as const })))),
    ];
    const shot = renderShot(imageBase, p.screenshot, { label: `${displayPath(p.final_url)}: the largest paint outlined in blue, elements that shifted (before and after) in dashed orange`, cls: 'shot-tl', outlines, zoom: true });
    return `<li>${shot}<p class="small"><span class="mono">${escapeHtml(displayPath(p.final_url))}</span>: ${escapeHtml(timelineSentence(p))}</p></li>`;
  });
  return `<ol class="tl-shots">${figures.join('')}</ol>`;
}

export function renderTimeline(pages: readonly ReportPage[] | undefined, imageBase: string | null): string {
  const timed = (pages ?? []).filter((p) => p.timeline && p.status !== null);
  if (!timed.length) return '';
  const longest = Math.max(1, ...timed.map((p) => Math.max(p.timeline!.load_ms ?? 0, p.timeline!.lcp_ms ?? 0, ...p.timeline!.shifts.map((s) => s.start_ms))));
  const scale = WIDTH / longest;
  const rows = timed.slice(0, MAX_ROWS).map((p) => row(p, scale)).join('');
  const rest = timed.length > MAX_ROWS ? `<p class="muted small">${timed.length - MAX_ROWS} more pages not drawn.</p>` : '';
  return (
    `<div class="panel timeline-panel"><h4>How the pages loaded</h4>` +
    `<p class="muted small legend"><span class="key key-wait"></span>waiting for the server <span class="key key-load"></span>loading <span class="key key-fcp"></span>first paint <span class="key key-lcp"></span>largest paint <span class="key key-shift"></span>layout shift · 0 to ${escapeHtml(fmt(longest))}</p>` +
    `<ol class="tl-list">${rows}</ol>${rest}${pictured(timed, imageBase)}</div>`
  );
}
