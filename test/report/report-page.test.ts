// The finished report in real Chromium: what a reader sees at desktop and phone widths, and that hostile content stays inert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTIONS } from '../../src/checks/types.js';
import { renderReportHtml } from '../../src/report/html.js';
import { ADVISORY_LABEL } from '../../src/report/html/findings.js';
import { blockedReport, finishedReport, XSS_TITLE } from './fixtures/report.js';
import { axeViolations, launchBrowser, loopbackContext, watchErrors, type Browser } from './support.js';

const OPTS = { eventsUrl: '/api/v1/audits/x/events', docsBase: '' };
let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

async function open(html: string, width: number) {
  const { context, outside } = await loopbackContext(browser, width);
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
  const errors = watchErrors(page);
  await page.setContent(html, { waitUntil: 'load' });
  return { page, context, outside, dialogs, errors };
}

describe.each([1280, 390])('finished report at %i px', (width) => {
  const report = finishedReport();
  const html = renderReportHtml(report, OPTS);

  it('shows the grades first, findings grouped by section, and the advisory label, with no XSS', async () => {
    const { page, context, outside, dialogs, errors } = await open(html, width);
    try {
      // Grades: one visible card per section, in order, showing that section's letter.
      const cards = page.locator('.grades .grade-card');
      await expect(cards.count()).resolves.toBe(SECTIONS.length);
      for (const [i, s] of SECTIONS.entries()) {
        const card = cards.nth(i);
        expect(await card.isVisible()).toBe(true);
        // The letter is visible; "Grade" before it is for screen readers only.
        expect((await card.locator('.grade').innerText()).replace(/\s+/g, ' ').trim()).toBe(`Grade ${report.sections![s].grade}`);
        expect(await card.locator('.grade .sr-only').boundingBox()).toMatchObject({ width: 1, height: 1 });
        expect(await card.locator('h3').innerText()).toMatch(new RegExp(s, 'i'));
      }
      const gradesTop = (await cards.first().boundingBox())!.y;
      const findingsTop = (await page.locator('#findings-title').boundingBox())!.y;
      expect(gradesTop).toBeLessThan(findingsTop);

      // Each finding sits under the heading of its own section.
      const placed = await page.evaluate(() => {
        const out: [string, string][] = [];
        let current = '';
        document.querySelectorAll('.section-head, article.finding').forEach((el) => {
          if (el.classList.contains('section-head')) current = el.id.replace('section-', '');
          else out.push([current, el.getAttribute('data-check') ?? '']);
        });
        return out;
      });
      expect(placed).toHaveLength(report.findings!.length);
      for (const [section, check] of placed) {
        expect(report.findings!.filter((f) => f.check_id === check).map((f) => f.section)).toContain(section);
      }

      // The advisory is labelled where a reader can see it, and its note is shown.
      const advisory = page.locator('article[data-tier="advisory"]');
      await expect(advisory.count()).resolves.toBe(1);
      expect(await advisory.getByText(ADVISORY_LABEL).isVisible()).toBe(true);
      expect(await advisory.locator('.note').innerText()).toContain('Go to checkout');

      // Hostile titles are shown as text, and nothing ran.
      expect(await page.getByText(XSS_TITLE, { exact: false }).first().isVisible()).toBe(true);
      expect(await page.evaluate(() => document.querySelectorAll('main img, script, iframe, object').length)).toBe(0);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
      expect(outside).toEqual([]);

      // Nothing is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `/tmp/siteqa-report-${width}.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('folds long lists behind "and N more" and passes axe WCAG 2.1 AA with everything expanded', async () => {
    const { page, context, dialogs } = await open(html, width);
    try {
      const more = page.locator('summary', { hasText: 'and 2 more' }).first();
      const hiddenTarget = page.getByText('.product-card:nth-child(7) > .price');
      expect(await hiddenTarget.isVisible()).toBe(false);
      // The raw evidence is folded behind the finding's "Evidence" disclosure, the long list once more inside it.
      await page.locator('details.raw', { has: more }).locator(':scope > summary').click();
      expect(await more.isVisible()).toBe(true);
      expect(await hiddenTarget.isVisible()).toBe(false);
      await more.click();
      expect(await hiddenTarget.isVisible()).toBe(true);
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
      expect(await axeViolations(page)).toEqual([]);
      expect(dialogs).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (width === 390) await page.screenshot({ path: '/tmp/siteqa-report-390-expanded.png', fullPage: true });
    } finally {
      await context.close();
    }
  });
});

describe('blocked run', () => {
  it('shows the failure reason prominently and no grades', async () => {
    const report = blockedReport();
    const { page, context, outside } = await open(renderReportHtml(report, OPTS), 390);
    try {
      const reason = page.locator('.failure-reason');
      expect(await reason.isVisible()).toBe(true);
      expect(await reason.innerText()).toBe(report.failure_reason);
      expect(await page.locator('.grade').count()).toBe(0);
      expect(await page.locator('a[href*="10.0.0.5"]').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(outside).toEqual([]);
      await page.screenshot({ path: '/tmp/siteqa-report-blocked-390.png', fullPage: true });
    } finally {
      await context.close();
    }
  });
});
