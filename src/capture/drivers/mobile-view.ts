// The start page at a phone's width: 320 CSS px, the width WCAG 1.4.10 (Reflow) sets (a 1280 px window
// zoomed to 400%). In a fresh context of its own, in a page slot beside the crawl: axe runs on the
// layout phones get (the menu button that only shows there, its targets, its contrast), the page is
// read for sideways scrolling, and its picture is kept. Reuses the run's guard, recorder and axe.
import type { MobileView, ReflowFacts } from '../../evidence/types.js';
import { ALONE_AXE_MS, FINISH_ANIMATIONS_SCRIPT, runAxe } from '../axe.js';
import { READ_REFLOW_SCRIPT } from '../in-page/reflow.js';
import { NARROW_VIEWPORT } from '../run-context.js';
import { PageSession } from '../session/page-session.js';
import type { RunSession } from '../session/run-session.js';
import { keepThumbnail } from '../thumbnail.js';
import { within } from '../time.js';

/** Longest the view may take (a navigation, axe, the picture); it overlaps the crawl. */
const VIEW_MS = 15_000;

/**
 * The page's width once what it animates in has arrived: a menu sliding in from translateX(500px) made
 * one run read 342 px and the next 322. Entrance animations are finished first; a page still wider than
 * the view is read again after a moment (a script-driven slide, a late layout), and that later reading counts.
 */
async function readSettledReflow(page: PageSession): Promise<ReflowFacts | null> {
  const read = async () => {
    await within(page.page.evaluate(FINISH_ANIMATIONS_SCRIPT), Math.min(1000, page.left()), 0);
    return within(page.page.evaluate(READ_REFLOW_SCRIPT) as Promise<ReflowFacts>, Math.min(3000, page.left()), null);
  };
  const first = await read();
  if (!first || first.content_width <= first.viewport_width || page.left() < 2000) return first;
  await new Promise((r) => setTimeout(r, 400));
  return (await read()) ?? first;
}

export async function captureMobileView(session: RunSession, url: string): Promise<MobileView | null> {
  if (session.left() < 5000) return null;
  const budget = { ...session.budget, deadline: Math.min(session.budget.deadline - 2000, Date.now() + VIEW_MS) };
  const context = await session.newContext(NARROW_VIEWPORT);
  const page = await PageSession.open(context, { ...session.pageOptions(), budget });
  try {
    const nav = await page.goto(url);
    if (nav.error || !(await page.responsive(3000))) return null;
    await page.holdDocument();
    await page.parkPointer();
    const reflow = await readSettledReflow(page);
    const accessibility = await runAxe(page.page, Math.min(ALONE_AXE_MS, page.left()));
    const keep = session.thumbnailKeeper();
    const screenshot = await keepThumbnail(page.page, Math.min(3000, page.left()), (data, size) => keep(data, size, `Start page at ${NARROW_VIEWPORT.width} px wide`), session.maskTexts, 1);
    const unloaded = page.net.records
      .filter((r) => (r.resource_type === 'stylesheet' || r.resource_type === 'font') && r.status === null && r.failure !== null)
      .map((r) => ({ url: r.url, resource_type: r.resource_type }));
    return { url, final_url: page.page.url(), viewport: NARROW_VIEWPORT, accessibility, reflow, screenshot, unloaded };
  } finally {
    await page.close();
    await session.closeContext(context);
  }
}
