// The A–F rubric, as data. A section's grade is the first row whose limits its verified
// findings fit within; info findings never move a grade. See docs/grading.md.
import type { SectionName } from '../checks/types.js';

export type Grade = 'A' | 'B' | 'C' | 'D' | 'F';

export interface RubricRow {
  grade: Grade;
  /** Most critical findings allowed for this grade. */
  max_critical: number;
  /** Most warning findings allowed for this grade. */
  max_warning: number;
}

export const RUBRIC_VERSION = 1;

export const DEFAULT_RUBRIC: readonly RubricRow[] = [
  { grade: 'A', max_critical: 0, max_warning: 0 },
  { grade: 'B', max_critical: 0, max_warning: 2 },
  { grade: 'C', max_critical: 0, max_warning: 5 },
  { grade: 'D', max_critical: 1, max_warning: Number.POSITIVE_INFINITY },
  { grade: 'F', max_critical: Number.POSITIVE_INFINITY, max_warning: Number.POSITIVE_INFINITY },
];

/** Every section uses the default rubric today; a section may get its own rows later. */
export const RUBRICS: Record<SectionName, readonly RubricRow[]> = {
  works: DEFAULT_RUBRIC,
  fast: DEFAULT_RUBRIC,
  found: DEFAULT_RUBRIC,
  measured: DEFAULT_RUBRIC,
  accessible: DEFAULT_RUBRIC,
  compliant: DEFAULT_RUBRIC,
};
