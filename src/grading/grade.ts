// grade(findings) → sections: a pure fold over verified findings. Advisory findings count toward nothing.
import { SECTIONS, type Finding, type SectionName } from '../checks/types.js';
import { RUBRICS, type Grade } from './rubric.js';

export interface SectionGrade {
  grade: Grade;
  critical: number;
  warning: number;
  info: number;
}

export type Sections = Record<SectionName, SectionGrade>;

export function grade(findings: readonly Finding[]): Sections {
  const out = {} as Sections;
  for (const section of SECTIONS) {
    const verified = findings.filter((f) => f.tier === 'verified' && f.section === section);
    const critical = verified.filter((f) => f.severity === 'critical').length;
    const warning = verified.filter((f) => f.severity === 'warning').length;
    const info = verified.filter((f) => f.severity === 'info').length;
    const row = RUBRICS[section].find((r) => critical <= r.max_critical && warning <= r.max_warning);
    out[section] = { grade: row?.grade ?? 'F', critical, warning, info };
  }
  return out;
}

const ORDER: Grade[] = ['A', 'B', 'C', 'D', 'F'];
/** True when `g` is worse than `floor` (e.g. C is below B). */
export function gradeBelow(g: Grade, floor: Grade): boolean {
  return ORDER.indexOf(g) > ORDER.indexOf(floor);
}
