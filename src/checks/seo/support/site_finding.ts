// One site-level finding for a problem seen on several pages, so a template defect counts once.
import type { FindingDraft, Severity } from '../../types.js';
import { listed } from '../../http/support/lists.js';

export interface PageProblem {
  url: string;
  [detail: string]: unknown;
}

/**
 * A finding listing the affected pages (capped, with the total), or nothing when the list is empty.
 * A single affected page becomes the finding's page, so its locator names it.
 */
export function siteFinding(problems: readonly PageProblem[], title: (count: number) => string, extra: Record<string, unknown> = {}, severity?: Severity): FindingDraft[] {
  if (!problems.length) return [];
  return [
    {
      page: problems.length === 1 ? problems[0]!.url : undefined,
      severity,
      title: title(problems.length),
      evidence: { ...extra, ...listed('pages', problems) },
    },
  ];
}

/** "1 page" / "3 pages". */
export function pagesWord(n: number): string {
  return `${n} page${n === 1 ? '' : 's'}`;
}
