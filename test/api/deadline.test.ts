// A run that reaches its deadline ends as `timeout` with a partial report: the pages visited are
// graded, the report says it is partial, and nothing is left running.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite, type FixtureSite } from '../support/fixture-server.js';
import { postJson, readEvents, startTestService, type TestService } from '../support/service.js';

describe('run deadline', () => {
  let site: FixtureSite;
  let svc: TestService;
  beforeAll(async () => {
    site = await serveSite('slow');
    svc = await startTestService({ QA_URL_ALLOWLIST: site.allowlist.join(','), QA_RUN_DEADLINE_MS: '5000', QA_MAX_PAGES: '30', QA_PAGE_CONCURRENCY: '1' });
  });
  afterAll(async () => {
    await svc?.stop();
    await site?.close();
  });

  it('ends as timeout with a partial, graded report', async () => {
    const started = Date.now();
    const r = await postJson(`${svc.base}/api/v1/audits`, { url: site.url });
    const { events } = await readEvents(`${svc.base}${r.json.events_url}`, { timeoutMs: 60_000 });
    expect(Date.now() - started).toBeLessThan(25_000);
    expect(events.at(-1)!.data.status).toBe('timeout');
    const report = await (await fetch(`${svc.base}/api/v1/audits/${r.json.run_id}/report.json`)).json();
    expect(report.status).toBe('timeout');
    expect(report.partial).toBe(true);
    expect(report.failure_reason).toMatch(/deadline/);
    expect(report.pages.length).toBeGreaterThanOrEqual(1);
    expect(report.sections.works.grade).toMatch(/^[A-F]$/);
  }, 90_000);
});
