// The spine, end to end over real HTTP with a real Chromium: POST /audits → SSE progress →
// report.json → the HTML report opened in a browser, plus SSE replay after the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { SECTIONS } from '../../src/checks/types.js';
import { serveSite, type FixtureSite } from '../support/fixture-server.js';
import { postJson, readEvents, startTestService, type TestService } from '../support/service.js';
import { defaultChromiumPath } from '../../src/capture/chromium-path.js';

describe('audit flow: submit, watch, read', () => {
  let site: FixtureSite;
  let svc: TestService;
  let browser: Browser;
  let created: { run_id: string; events_url: string; report_url: string };

  beforeAll(async () => {
    site = await serveSite('clean');
    svc = await startTestService({ QA_URL_ALLOWLIST: site.allowlist.join(','), QA_MAX_PAGES: '4' });
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || defaultChromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
  });
  afterAll(async () => {
    await browser?.close();
    await svc?.stop();
    await site?.close();
  });

  it('streams queued → started → pages → checks → end, then serves the graded report', async () => {
    const r = await postJson(`${svc.base}/api/v1/audits`, { url: site.url, source: 'test' });
    expect(r.status).toBe(202);
    created = r.json;
    const { events, closedByServer, contentType } = await readEvents(`${svc.base}${created.events_url}`, { timeoutMs: 90_000 });
    expect(contentType).toMatch(/text\/event-stream/);
    expect(closedByServer).toBe(true);
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('queued');
    expect(types[1]).toBe('started');
    expect(types.filter((t) => t === 'page').length).toBeGreaterThanOrEqual(2);
    expect(types.slice(-2)).toEqual(['checks', 'end']);
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i + 1));
    const end = events.at(-1)!;
    expect(end.data).toMatchObject({ status: 'succeeded', report_url: created.report_url });

    const report = await (await fetch(`${svc.base}/api/v1/audits/${created.run_id}/report.json`)).json();
    expect(report.status).toBe('succeeded');
    expect(Object.keys(report.sections)).toEqual([...SECTIONS]);
    for (const s of SECTIONS) expect(report.sections[s].grade).toMatch(/^[A-F]$/);
    expect(report.flows).toEqual({ graded: false, flows: [] });
    expect(report.pages.length).toBeGreaterThanOrEqual(2);
    for (const f of report.findings) {
      expect(f.check_id).toMatch(/^[a-z0-9_]+\.[a-z0-9_]+$/);
      if (f.tier === 'verified') expect(f.evidence.locator).toMatch(new RegExp(`^${f.check_id.replace('.', '\\.')} · /\\S* · \\d{4}-\\d\\d-\\d\\dT`));
    }
    const run = await (await fetch(`${svc.base}/api/v1/audits/${created.run_id}`)).json();
    expect(run.status).toBe('succeeded');
    expect(run.finished_at).not.toBeNull();
  });

  it('replays the whole stream to a late client and resumes after Last-Event-ID', async () => {
    const all = await readEvents(`${svc.base}${created.events_url}`, { timeoutMs: 10_000 });
    expect(all.closedByServer).toBe(true);
    expect(all.events.at(-1)!.type).toBe('end');
    const resumed = await readEvents(`${svc.base}${created.events_url}`, { lastEventId: 2, timeoutMs: 10_000 });
    expect(resumed.events.map((e) => e.id)).toEqual(all.events.slice(2).map((e) => e.id));
  });

  it('serves the same report by share token, and the HTML report a person reads', async () => {
    const token = created.report_url.slice('/r/'.length);
    const byToken = await fetch(`${svc.base}/api/v1/reports/by-token/${token}`);
    expect(byToken.status).toBe(200);
    const viaRun = await fetch(`${svc.base}/api/v1/audits/${created.run_id}/report.json`);
    expect(await byToken.text()).toBe(await viaRun.text());

    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      d.dismiss();
    });
    const res = await page.goto(`${svc.base}${created.report_url}`);
    expect(res!.status()).toBe(200);
    expect(res!.headers()['x-robots-tag']).toMatch(/noindex/);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    const text = await page.locator('body').innerText();
    for (const name of ['Works', 'Fast', 'Found', 'Measured', 'Accessible', 'Compliant', 'Flows']) expect(text).toContain(name);
    expect(text).toContain(site.url.replace(/\/$/, ''));
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it('answers 404 for an unknown share token page', async () => {
    const res = await fetch(`${svc.base}/r/not-a-real-token`);
    expect(res.status).toBe(404);
  });
});
