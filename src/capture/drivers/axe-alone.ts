// axe once more, alone: a page whose accessibility run failed in the crawl (axe timed out on a large
// page while other pages loaded beside it, or the page moved under it) is loaded again in the crawl's
// context right after the crawl (before the measuring pass), with nothing else open in the browser,
// and axe gets a longer limit. Only failed runs are repeated: the normal case costs nothing. A page that fails again keeps its error, and
// the checks say it was not measured (a11y.not_measured), never that it passed.
import { failedAxeRuns } from '../../evidence/axe-runs.js';
import type { PageEvidence } from '../../evidence/types.js';
import { ALONE_AXE_MS, AXE_ENGINE, CRAWL_AXE_MS, runAxe } from '../axe.js';
import { PageSession } from '../session/page-session.js';
import type { RunSession } from '../session/run-session.js';

/** The pass's bounds: a handful of pages, 30 s in all (it runs before the measuring pass), and never the run's last seconds. */
const MAX_PAGES = 3;
const PASS_BUDGET_MS = 30_000;
const MIN_LEFT_MS = 3000;

/**
 * Pages whose axe run failed in the crawl (evidence/axe-runs.ts), not run again already, that loaded
 * without a navigation error; at most MAX_PAGES.
 */
export function pagesToRecheck(pages: readonly PageEvidence[]): PageEvidence[] {
  return failedAxeRuns(pages).filter((p) => !p.navigation_error && p.accessibility!.crawl_error === undefined).slice(0, MAX_PAGES);
}

/** Runs axe again, alone, on each page whose crawl run failed; replaces its record (keeping the crawl's error). Returns how many were run again. */
export async function axeAgainAlone(session: RunSession, pages: readonly PageEvidence[]): Promise<number> {
  let ran = 0;
  const began = Date.now();
  for (const page of pagesToRecheck(pages)) {
    const ms = Math.min(ALONE_AXE_MS + session.budget.navTimeoutMs, session.left() - MIN_LEFT_MS, PASS_BUDGET_MS - (Date.now() - began));
    if (ms < CRAWL_AXE_MS) break;
    const crawlError = page.accessibility!.error!;
    const again = await axeAlone(session, page.final_url, ms).catch((err: Error) => failed(`loaded alone: ${err.message.split('\n')[0]!.slice(0, 200)}`));
    page.accessibility = { ...again, crawl_error: crawlError };
    ran++;
  }
  return ran;
}

async function axeAlone(session: RunSession, url: string, ms: number): Promise<NonNullable<PageEvidence['accessibility']>> {
  const budget = { ...session.budget, deadline: Math.min(session.budget.deadline, Date.now() + ms) };
  const page = await PageSession.open(session.context, { ...session.pageOptions(), budget });
  try {
    const nav = await page.goto(url);
    if (nav.error) return failed(`loaded alone: ${nav.error}`);
    if (!(await page.responsive(5000))) return failed('loaded alone: page unresponsive');
    return await runAxe(page.page, Math.min(ALONE_AXE_MS, page.left()));
  } finally {
    await page.close();
  }
}

const failed = (error: string): NonNullable<PageEvidence['accessibility']> => ({ engine: AXE_ENGINE, violations: [], passes: 0, incomplete: 0, error });
