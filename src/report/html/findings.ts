// Findings grouped by section, critical first: each as one sentence (what, where) with how to fix it,
// the offending elements outlined on the page's picture when known, and the raw evidence folded.
import { SECTIONS, SEVERITIES, type CheckResult, type Finding, type SectionName } from '../../checks/types.js';
import type { Sections } from '../../grading/grade.js';
import { displayPath, escapeHtml, externalLink, safeHttpUrl, safeLocalPath } from '../../html/escape.js';
import { renderEvidenceFields } from './evidence.js';
import type { ElementRect, PageShot } from '../../evidence/types.js';
import type { Report } from '../build.js';
import { findingSentence } from '../sentences.js';
import { renderShot, visibleOutlines, type Outline } from './shots.js';
import { plural, sectionName, SEVERITY_LABELS } from './format.js';
import { SECTION_LABELS } from '../../html/sections.js';
import { gradeBox } from './grades.js';

/** How a monitor's finding stands against its earlier runs. */
const CHANGE_LABELS: Record<string, string> = { new: 'New', still_there: 'Still there', regressed: 'Regressed', flapping: 'Flapping' };

export const ADVISORY_LABEL = 'Model opinion — not counted in grades';
/** A check that fires on many pages shows this many findings, then folds the rest. */
export const FINDINGS_BEFORE_FOLD = 3;

const severityRank = (s: string) => {
  const i = (SEVERITIES as readonly string[]).indexOf(s);
  return i === -1 ? SEVERITIES.length : i;
};

/** Verified findings first (they carry the grade), each tier critical → info; stable otherwise. */
export function orderFindings(findings: readonly Finding[]): Finding[] {
  const tierRank = (f: Finding) => (f.tier === 'advisory' ? 1 : 0);
  return findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => tierRank(a.f) - tierRank(b.f) || severityRank(a.f.severity) - severityRank(b.f.severity) || a.i - b.i)
    .map(({ f }) => f);
}

/** `docs` is a site path (`/docs/checks/<id>`) prefixed with docsBase, or an absolute http(s) URL. */
export function docsHref(docsBase: string, docs: unknown): string | null {
  const local = safeLocalPath(docs);
  if (local) {
    const full = `${docsBase.replace(/\/+$/, '')}${local}`;
    return safeLocalPath(full) ?? safeHttpUrl(full);
  }
  return safeHttpUrl(docs);
}

function severityBadge(severity: string): string {
  const known = (SEVERITIES as readonly string[]).includes(severity);
  const label = known ? SEVERITY_LABELS[severity as keyof typeof SEVERITY_LABELS] : severity;
  return `<span class="badge ${known ? `sev-${severity}` : 'status-other'}">${escapeHtml(label)}</span>`;
}

/** What a finding's renderer needs besides the finding: links, anchors and the pictures of the pages. */
export interface FindingContext {
  docsBase: string;
  imageBase: string | null;
  /** The picture of each visited page, by requested and final URL. */
  shots: ReadonlyMap<string, PageShot>;
  /** The anchor id of each finding (`f-3`), so the fix-first list can link to it. */
  ids: ReadonlyMap<Finding, string>;
}

export function findingContext(report: Pick<Report, 'pages' | 'findings'>, docsBase: string, imageBase: string | null): FindingContext {
  const shots = new Map<string, PageShot>();
  for (const p of report.pages ?? []) {
    if (!p.screenshot) continue;
    shots.set(p.url, p.screenshot);
    if (!shots.has(p.final_url)) shots.set(p.final_url, p.screenshot);
  }
  return { docsBase, imageBase, shots, ids: new Map((report.findings ?? []).map((f, i) => [f, `f-${i + 1}`])) };
}

/** The offending elements on the first page that has a picture in which they show (axe findings keep their boxes). */
function highlight(f: Finding, ctx: FindingContext): string {
  const ev = f.evidence as Record<string, unknown> | undefined;
  const own = ev?.screenshot as Partial<PageShot> | undefined;
  // A finding that carries its own picture (the start page at a phone's width).
  if (ctx.imageBase && own && typeof own.image === 'string' && typeof own.width === 'number') {
    return renderShot(ctx.imageBase, own as PageShot, { label: `${typeof ev?.page === 'string' ? displayPath(ev.page) : 'The page'} at ${typeof ev?.viewport_width === 'number' ? ev.viewport_width : own.width} px wide`, cls: 'shot-finding' });
  }
  const pages = ev?.pages;
  if (!ctx.imageBase || !Array.isArray(pages)) return '';
  type Node = { rect?: ElementRect; target?: string; picture?: PageShot };
  const listed = pages as { url?: unknown; nodes?: Node[] }[];
  for (const p of listed) {
    const shot = typeof p?.url === 'string' ? ctx.shots.get(p.url) : undefined;
    if (!shot || !Array.isArray(p.nodes)) continue;
    const outlines: Outline[] = p.nodes.filter((n) => n?.rect && !n.picture).map((n) => ({ rect: n.rect!, kind: 'hl' }));
    if (!visibleOutlines(shot, outlines).length) continue;
    return renderShot(ctx.imageBase, shot, { label: `The affected elements outlined on ${displayPath(p.url as string)}`, cls: 'shot-finding', outlines, zoom: true });
  }
  // Elements failing only at a phone's width are outlined on that picture.
  for (const p of listed) {
    const nodes = (Array.isArray(p?.nodes) ? p.nodes : []).filter((n) => n?.rect && n.picture && typeof n.picture.image === 'string');
    if (!nodes.length || typeof p.url !== 'string') continue;
    const picture = nodes[0]!.picture!;
    const outlines: Outline[] = nodes.filter((n) => n.picture!.image === picture.image).map((n) => ({ rect: n.rect!, kind: 'hl' }));
    if (!visibleOutlines(picture, outlines).length) continue;
    return renderShot(ctx.imageBase, picture, { label: `The affected elements outlined on ${displayPath(p.url)} at ${picture.width} px wide`, cls: 'shot-finding', outlines, zoom: true });
  }
  return '';
}

/** How many pages a finding about several pages lists (`pages_total`, else its `pages` list); null for one about the site. */
function pagesCounted(ev: Finding['evidence']): number | null {
  const e = ev as Record<string, unknown> | undefined;
  if (typeof e?.pages_total === 'number') return e.pages_total;
  if (Array.isArray(e?.pages) && e.pages.length) return e.pages.length;
  return null;
}

export function renderFinding(f: Finding, ctx: FindingContext | string): string {
  const c: FindingContext = typeof ctx === 'string' ? { docsBase: ctx, imageBase: null, shots: new Map(), ids: new Map() } : ctx;
  const advisory = f.tier === 'advisory';
  const ev = f.evidence;
  const page = typeof ev?.page === 'string' ? ev.page : null;
  const onPages = pagesCounted(ev);
  const where = page
    ? `<p class="where"><span class="muted">Page</span> ${externalLink(page, displayPath(page), 'mono')}</p>`
    : onPages !== null
      ? `<p class="where muted">On ${onPages} page${onPages === 1 ? '' : 's'} (listed below)</p>`
      : ev
        ? '<p class="where muted">Site-wide</p>'
        : '';
  const href = docsHref(c.docsBase, f.docs);
  const { what, fix } = findingSentence(f);
  const id = c.ids.get(f);
  const badges =
    `${severityBadge(f.severity)}` +
    (advisory ? `<span class="badge advisory-label">${ADVISORY_LABEL}</span>` : '') +
    (f.change ? `<span class="badge change-${escapeHtml(f.change)}">${escapeHtml(CHANGE_LABELS[f.change] ?? f.change)}</span>` : '');
  const howLink = href ? ` <a href="${escapeHtml(href)}" aria-label="${escapeHtml(`How to fix: ${f.title}`)}">How to fix →</a>` : '';
  // The raw evidence (and why it matters) is one click away; the sentence and the fix are what a reader scans.
  const raw = [
    f.impact ? `<p class="impact"><strong>Why it matters:</strong> ${escapeHtml(f.impact)}</p>` : '',
    where,
    ev?.locator !== undefined ? `<code class="locator">${escapeHtml(ev.locator)}</code>` : '',
    ev ? renderEvidenceFields(ev, ['locator', 'page']) : '',
    `<p class="muted mono small">${escapeHtml(f.check_id)}</p>`,
  ].join('');
  const shot = advisory ? '' : highlight(f, c);
  const body =
    `<div class="finding-text"><div class="finding-head"><h4>${escapeHtml(what)}</h4><div class="badges">${badges}</div></div>` +
    (fix ? `<p class="fix">${escapeHtml(fix)}${howLink}</p>` : href && !advisory ? `<p class="fix">${howLink.trim()}</p>` : '') +
    (advisory && f.note ? `<p class="note">${escapeHtml(f.note)}</p>` : '') +
    (advisory ? `<p class="impact">${escapeHtml(f.impact)}</p>` : `<details class="raw"><summary>Evidence</summary>${raw}</details>`) +
    `</div>`;
  return `<li><article class="finding${advisory ? ' advisory' : ''}${shot ? ' has-shot' : ''}"${id ? ` id="${escapeHtml(id)}"` : ''} data-check="${escapeHtml(f.check_id)}" data-tier="${advisory ? 'advisory' : 'verified'}">${body}${shot}</article></li>`;
}

/** Consecutive findings of one check with one severity fold after a few, so 40 pages of the same issue stay scannable. */
function renderRun(findings: Finding[], ctx: FindingContext): string[] {
  const out: string[] = [];
  for (let i = 0; i < findings.length; ) {
    const key = (f: Finding) => `${f.tier}|${f.check_id}|${f.severity}`;
    let j = i;
    while (j < findings.length && key(findings[j]) === key(findings[i])) j++;
    const run = findings.slice(i, j);
    out.push(...run.slice(0, FINDINGS_BEFORE_FOLD).map((f) => renderFinding(f, ctx)));
    const rest = run.slice(FINDINGS_BEFORE_FOLD);
    if (rest.length) {
      out.push(
        `<li><details class="more-findings"><summary>Show ${plural(rest.length, 'more finding')} from <span class="mono">${escapeHtml(run[0].check_id)}</span></summary>` +
          `<ol class="findings">${rest.map((f) => renderFinding(f, ctx)).join('')}</ol></details></li>`,
      );
    }
    i = j;
  }
  return out;
}

/** Verified info findings never move a grade: they fold under one line per section, the rest stays open. */
function renderList(findings: Finding[], ctx: FindingContext): string {
  const isInfo = (f: Finding) => f.tier === 'verified' && f.severity === 'info';
  const info = findings.filter(isInfo);
  const out = renderRun(findings.filter((f) => !isInfo(f)), ctx);
  if (info.length) {
    out.push(
      `<li><details class="more-findings info-findings"><summary>${plural(info.length, 'info finding')} (never change the grade)</summary>` +
        `<ol class="findings">${renderRun(info, ctx).join('')}</ol></details></li>`,
    );
  }
  return `<ol class="findings">${out.join('')}</ol>`;
}

function emptyMessage(section: SectionName | 'flows', checks: readonly CheckResult[]): string {
  const mine = checks.filter((c) => c.section === section);
  const passed = mine.filter((c) => c.outcome === 'passed').length;
  const na = mine.filter((c) => c.outcome === 'not_applicable').length;
  const errored = mine.filter((c) => c.outcome === 'error').length;
  const detail = [
    passed ? `${plural(passed, 'check')} passed` : '',
    na ? `${na} not applicable` : '',
    errored ? `${plural(errored, 'check')} could not run` : '',
  ].filter(Boolean);
  return `<p class="empty">No findings in ${escapeHtml(sectionName(section))}.${detail.length ? ` ${detail.join(' · ')}.` : ''}</p>`;
}

export function renderFindings(
  findings: readonly Finding[],
  sections: Sections,
  checks: readonly CheckResult[],
  ctx: FindingContext | string,
  /** Extra panels shown at the end of a section (the Fast timeline, the consent states). */
  extras: Partial<Record<SectionName, string>> = {},
): string {
  const c: FindingContext = typeof ctx === 'string' ? { docsBase: ctx, imageBase: null, shots: new Map(), ids: new Map() } : ctx;
  const order: (SectionName | 'flows')[] = [...SECTIONS];
  if (findings.some((f) => f.section === 'flows')) order.push('flows');
  const known = new Set<string>(order);
  const blocks = order.map((section) => {
    const mine = orderFindings(findings.filter((f) => f.section === section));
    const s = section === 'flows' ? undefined : sections[section];
    const head =
      `<div class="section-head" id="section-${section}">${s ? gradeBox(s.grade, false) : ''}<h3>${escapeHtml(SECTION_LABELS[section].name)}</h3>` +
      `<span class="muted">${s ? `Grade ${escapeHtml(s.grade)} · ${plural(s.critical, 'critical', 'critical')}, ${plural(s.warning, 'warning')}, ${plural(s.info, 'info', 'info')}` : 'Not graded'}</span></div>`;
    return head + (mine.length ? renderList(mine, c) : emptyMessage(section, checks)) + (section === 'flows' ? '' : extras[section] ?? '');
  });
  // Model opinions about the whole report: shown last, under their own heading, never graded.
  const advisories = findings.filter((f) => f.section === 'advisory');
  if (advisories.length) {
    blocks.push(`<div class="section-head" id="section-advisory"><h3>Model opinion</h3><span class="muted">Not checked, not counted</span></div>${renderList(orderFindings(advisories), c)}`);
  }
  // A finding whose section this renderer does not know must still be shown, never silently dropped.
  const stray = findings.filter((f) => !known.has(f.section) && f.section !== 'advisory');
  if (stray.length) {
    blocks.push(`<div class="section-head" id="section-other"><h3>Other</h3></div>${renderList(orderFindings(stray), c)}`);
  }
  return `<section aria-labelledby="findings-title"><h2 id="findings-title">Findings</h2>${blocks.join('')}</section>`;
}
