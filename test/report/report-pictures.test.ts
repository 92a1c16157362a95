// The report's pictures in real Chromium, at desktop and phone widths: the stored fixture reports
// (their images served beside them) stay a few screens tall, load every picture under the strict
// CSP and pass axe; a real audit's report serves its images under the share link only.
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVIDENCE_SITES, imageFileName } from '../../scripts/regenerate-evidence.js';
import type { EvidenceBundle } from '../../src/evidence/types.js';
import type { Report } from '../../src/report/build.js';
import { renderReportHtml } from '../../src/report/html.js';
import { auditSite, newBrowser } from '../support/audit.js';
import { serveSite, type FixtureSite } from '../support/fixture-server.js';
import { postJson, readEvents, startTestService, type TestService } from '../support/service.js';
import { axeViolations, launchBrowser, loopbackContext, sendHtml, startServer, type Browser, type Page } from './support.js';

const DIR = new URL('../fixtures/evidence/', import.meta.url);
/** Page height limits (px) for the stored fixture reports: a report of a few dozen findings is a few screens, not 20,000 px. */
const MAX_HEIGHT = { 1280: 6000, 390: 9500 } as const;

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** CSP refusals reported by the page itself (an init script is not subject to the page's CSP). */
async function openWatched(url: string, width: number) {
  const { context, outside } = await loopbackContext(browser, width);
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' && !m.text().includes('favicon')) errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  const images: { url: string; status: number; type: string | null }[] = [];
  page.on('response', (r) => { if (r.url().includes('/images/')) images.push({ url: r.url(), status: r.status(), type: r.headers()['content-type'] ?? null }); });
  await page.goto(url, { waitUntil: 'networkidle' });
  const csp = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
  return { page, context, outside, errors, images, csp };
}

/** The distinct image URLs the page draws (SVG <image> elements). */
function drawnImages(page: Page): Promise<string[]> {
  return page.evaluate(() => [...new Set([...document.querySelectorAll('svg image')].map((i) => (i as SVGImageElement).href.baseVal))]);
}

describe('stored fixture reports with their pictures', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  const html = new Map<string, string>();
  beforeAll(async () => {
    for (const name of EVIDENCE_SITES) {
      const report = JSON.parse(readFileSync(new URL(`${name}.report.json`, DIR), 'utf8')) as Report;
      html.set(name, renderReportHtml(report, { eventsUrl: '/x', docsBase: '', imageBase: `/r/tok-${name}/images/` }));
    }
    server = await startServer((req, res) => {
      const page = /^\/r\/tok-([a-z0-9-]+)$/.exec(req.url ?? '');
      if (page && html.has(page[1]!)) {
        sendHtml(res, html.get(page[1]!)!);
        return;
      }
      const img = /^\/r\/tok-([a-z0-9-]+)\/images\/(img-\d+)$/.exec(req.url ?? '');
      const bundle = img && existsSync(new URL(`${img[1]}.evidence.json`, DIR)) ? (JSON.parse(readFileSync(new URL(`${img[1]}.evidence.json`, DIR), 'utf8')) as EvidenceBundle) : null;
      const ref = bundle?.images?.find((i) => i.id === img![2]);
      if (ref) {
        res.writeHead(200, { 'content-type': ref.content_type });
        res.end(readFileSync(new URL(`${img![1]}.images/${imageFileName(ref)}`, DIR)));
        return;
      }
      res.writeHead(404);
      res.end();
    });
  });
  afterAll(async () => { await server?.close(); });

  it('keeps every image a bundle refers to in the fixtures, small', () => {
    for (const name of EVIDENCE_SITES) {
      const bundle = JSON.parse(readFileSync(new URL(`${name}.evidence.json`, DIR), 'utf8')) as EvidenceBundle;
      const refs = bundle.images ?? [];
      expect(refs.length, name).toBeGreaterThan(0);
      for (const ref of refs) {
        const bytes = readFileSync(new URL(`${name}.images/${imageFileName(ref)}`, DIR));
        expect(bytes.length).toBe(ref.bytes);
        // Page thumbnails are half the 1280 × 800 viewport; the start page at a phone's width is kept whole.
        const phone = ref.caption?.includes('px wide');
        expect(ref).toMatchObject({ content_type: 'image/webp', ...(phone ? { width: 320, height: 640 } : { width: 640, height: 400 }) });
        expect(bytes.length).toBeLessThan(40_000);
      }
      // Every page that loaded was pictured (null only when painting it ran out of time, at most one page here).
      const loaded = bundle.pages.filter((p) => p.status === 200);
      for (const p of loaded) expect(p.screenshot, `${name} ${p.url}`).not.toBeUndefined();
      expect(loaded.filter((p) => p.screenshot?.image).length, name).toBeGreaterThanOrEqual(loaded.length - 1);
    }
  });

  describe.each([1280, 390] as const)('at %i px', (width) => {
    it.each(EVIDENCE_SITES)('%s: a few screens tall, every picture loads, no CSP refusal, axe finds nothing', async (name) => {
      const { page, context, outside, errors, images, csp } = await openWatched(`${server.origin}/r/tok-${name}`, width);
      try {
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        const findings = await page.locator('article.finding').count();
        process.stdout.write(`report height ${name} @${width}px: ${height} px, ${findings} findings\n`);
        expect(height).toBeLessThanOrEqual(MAX_HEIGHT[width]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const drawn = await drawnImages(page);
        expect(drawn.length).toBeGreaterThan(0);
        expect(images.filter((i) => i.status !== 200 || i.type !== 'image/webp')).toEqual([]);
        expect(new Set(images.map((i) => new URL(i.url).pathname))).toEqual(new Set(drawn));
        expect(csp).toEqual([]);
        expect(errors).toEqual([]);
        expect(outside).toEqual([]);
        expect(await page.evaluate(() => document.querySelectorAll('[style], script').length)).toBe(0);
        // Pictures for a person to look at (SITEQA_TEST_SHOTS=1): full-page screenshots cost a second each.
        if (process.env.SITEQA_TEST_SHOTS) await page.screenshot({ path: `/tmp/siteqa-report-${name}-${width}.png`, fullPage: true });
        await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });

  it('outlines the offending elements of accessibility findings on the page picture', async () => {
    const { page, context } = await openWatched(`${server.origin}/r/tok-a11y`, 1280);
    try {
      const outlined = page.locator('article.finding[data-check^="a11y."] .shot-finding');
      expect(await outlined.count()).toBeGreaterThanOrEqual(3);
      // The outline sits inside the zoomed picture, and the picture links to the full image.
      const first = outlined.first();
      expect(await first.getAttribute('href')).toMatch(/^\/r\/tok-a11y\/images\/img-\d+$/);
      const [svg, rect] = [(await first.locator('svg').boundingBox())!, (await first.locator('rect.ol-hl').first().boundingBox())!];
      expect(rect.width).toBeGreaterThan(2);
      expect(rect.x).toBeGreaterThanOrEqual(svg.x - 1);
      expect(rect.x + rect.width).toBeLessThanOrEqual(svg.x + svg.width + 1);
    } finally {
      await context.close();
    }
  });

  it("is graded A on Accessible by siteqa's own audit (the seo report, pictures and all)", async () => {
    const handle = newBrowser([new URL(server.origin).host]);
    try {
      const { report } = await auditSite(handle, `${server.origin}/r/tok-seo`, [new URL(server.origin).host], { maxPages: 1 });
      expect(report.pages?.[0]).toMatchObject({ status: 200 });
      // axe really ran on it: the accessible checks passed, not "not applicable".
      expect(report.checks?.filter((c) => c.section === 'accessible' && c.outcome === 'passed').length).toBeGreaterThan(10);
      expect(report.findings?.filter((f) => f.section === 'accessible')).toEqual([]);
      expect(report.sections?.accessible.grade).toBe('A');
    } finally {
      await handle.close();
    }
  });

  it('shows the consent states side by side with what each sent', async () => {
    const { page, context } = await openWatched(`${server.origin}/r/tok-tracking`, 1280);
    try {
      const states = page.locator('.consent-state');
      expect(await states.locator('h4').allInnerTexts()).toEqual(['No choice made', 'After “Reject”', 'After “Accept”']);
      const boxes = await Promise.all([0, 1, 2].map(async (i) => (await states.nth(i).boundingBox())!));
      expect(boxes[0]!.y).toBe(boxes[1]!.y);
      expect(boxes[1]!.x).toBeGreaterThan(boxes[0]!.x);
      expect(await states.nth(2).innerText()).toMatch(/Google Analytics 4 hits/);
      expect(await states.locator('.shot-consent').count()).toBe(3);
    } finally {
      await context.close();
    }
  });
});

describe('a real audit: pictures under the share link', () => {
  let site: FixtureSite;
  let svc: TestService;
  let reportUrl: string;
  beforeAll(async () => {
    site = await serveSite('a11y');
    svc = await startTestService({ QA_URL_ALLOWLIST: site.allowlist.join(','), QA_MAX_PAGES: '4' });
    const r = await postJson(`${svc.base}/api/v1/audits`, { url: site.url, source: 'test' });
    expect(r.status).toBe(202);
    reportUrl = r.json.report_url;
    await readEvents(`${svc.base}${r.json.events_url}`, { timeoutMs: 90_000 });
  }, 120_000);
  afterAll(async () => {
    await svc?.stop();
    await site?.close();
  });

  it('draws each page picture from /r/<token>/images/, and answers 404 without the right token', async () => {
    const token = reportUrl.split('/').pop()!;
    const { page, context, images, csp, errors } = await openWatched(`${svc.base}${reportUrl}`, 390);
    let drawn: string[] = [];
    try {
      drawn = await drawnImages(page);
      expect(drawn.length).toBeGreaterThanOrEqual(3);
      for (const src of drawn) expect(src).toMatch(new RegExp(`^/r/${token}/images/img-\\d{3}$`));
      expect(images.length).toBeGreaterThan(0);
      expect(images.filter((i) => i.status !== 200 || i.type !== 'image/webp')).toEqual([]);
      expect(await page.locator('.shot-finding rect.ol-hl').count()).toBeGreaterThan(0);
      expect(csp).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    const id = drawn[0]!.split('/').pop()!;
    const ok = await fetch(`${svc.base}/r/${token}/images/${id}`);
    expect([ok.status, ok.headers.get('content-type'), ok.headers.get('x-robots-tag')]).toEqual([200, 'image/webp', 'noindex, nofollow']);
    expect((await ok.arrayBuffer()).byteLength).toBeLessThan(40_000);
    // One character off (never the same character: a token may end in x).
    const offByOne = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`;
    for (const bad of [`/r/not-the-token/images/${id}`, `/r/${offByOne}/images/${id}`, `/r/${token}/images/img-999`, `/r/${token}/images/..%2F${id}`]) {
      expect((await fetch(`${svc.base}${bad}`)).status, bad).toBe(404);
    }
  });
});
