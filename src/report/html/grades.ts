// The grade cards: one per graded section (letter first, then severity counts), and the ungraded Flows card.
import { SECTIONS, type SectionName } from '../../checks/types.js';
import type { SectionGrade, Sections } from '../../grading/grade.js';
import { escapeHtml } from '../../html/escape.js';
import { SECTION_LABELS } from '../../html/sections.js';

const GRADES = ['A', 'B', 'C', 'D', 'F'];

/**
 * The letter is the information (colour only repeats it). Only a known letter becomes a CSS class;
 * anything else renders as "?" in a neutral box. `spoken` adds "Grade" for screen readers.
 */
export function gradeBox(grade: string, spoken = true): string {
  const known = GRADES.includes(grade);
  const cls = `grade${known ? ` grade-${grade}` : ''}`;
  const prefix = spoken ? '<span class="sr-only">Grade </span>' : '';
  return `<span class="${cls}"${spoken ? '' : ' aria-hidden="true"'}>${prefix}${escapeHtml(known ? grade : '?')}</span>`;
}

function count(n: number, word: string, pluralWord = `${word}s`): string {
  const label = n === 1 ? word : pluralWord;
  return n === 0
    ? `<li class="zero">0 ${label}</li>`
    : `<li><strong>${n}</strong> ${label}</li>`;
}

export function renderCounts(s: Pick<SectionGrade, 'critical' | 'warning' | 'info'>): string {
  return `<ul class="counts">${count(s.critical ?? 0, 'critical', 'critical')}${count(s.warning ?? 0, 'warning')}${count(s.info ?? 0, 'info', 'info')}</ul>`;
}

function card(section: SectionName, s: SectionGrade): string {
  const label = SECTION_LABELS[section];
  return (
    `<li><a class="grade-card" href="#section-${section}">` +
    gradeBox(s.grade) +
    `<div><h3>${escapeHtml(label.name)}</h3><p>${escapeHtml(label.question)}</p>${renderCounts(s)}</div>` +
    `</a></li>`
  );
}

/** Six cards in the fixed section order; a section missing from the report is skipped, not invented. */
export function renderGradeCards(sections: Sections): string {
  const cards = SECTIONS.filter((s) => sections[s]).map((s) => card(s, sections[s]));
  return `<ul class="grades" aria-label="Grades by section">${cards.join('')}</ul>`;
}
