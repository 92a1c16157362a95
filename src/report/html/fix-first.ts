// "Fix these first": the few problems worth a site owner's next hour, worst and widest first, each
// one sentence linking down to its finding.
import type { Finding } from '../../checks/types.js';
import { escapeHtml } from '../../html/escape.js';
import { findingSentence, fixFirst } from '../sentences.js';
import { plural, SEVERITY_LABELS } from './format.js';

/** How many problems the list names; the rest are in the findings below. */
export const FIX_FIRST_ITEMS = 5;

export function renderFixFirst(findings: readonly Finding[], ids: ReadonlyMap<Finding, string>): string {
  const items = fixFirst(findings, FIX_FIRST_ITEMS);
  if (!items.length) return '';
  const li = items.map((item) => {
    const { what, fix } = findingSentence(item.first);
    const id = ids.get(item.first);
    const label = SEVERITY_LABELS[item.severity] ?? item.severity;
    const reach = item.reach > 1 ? ` <span class="muted">· ${plural(item.reach, 'page')}</span>` : '';
    const more = item.findings > 1 ? ` <span class="muted">· ${plural(item.findings, 'finding')}</span>` : '';
    const text = id ? `<a href="#${escapeHtml(id)}">${escapeHtml(what)}</a>` : escapeHtml(what);
    return (
      `<li><span class="badge sev-${escapeHtml(item.severity)}">${escapeHtml(label)}</span> ` +
      `<span class="ff-text">${text}${reach}${more}${fix ? `<br><span class="ff-fix">${escapeHtml(fix)}</span>` : ''}</span></li>`
    );
  });
  return (
    `<section class="panel fix-first" aria-labelledby="fix-first-title"><h2 id="fix-first-title">Fix these first</h2>` +
    `<ol>${li.join('')}</ol></section>`
  );
}
