// Report subscriptions end to end: a real audit of a loopback fixture site, the report mailed over
// a real SMTP server, a re-check audit seven (moved-clock) days later with the diff mailed, and
// never a third mail; unsubscribe stops what is left. The job loop is ticked by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTIONS } from '../../src/checks/types.js';
import { tick } from '../../src/jobs/loop.js';
import type { Clock } from '../../src/runtime.js';
import { JOB_HANDLERS } from '../../src/job-kinds.js';
import { serveSite, type FixtureSite } from '../support/fixture-server.js';
import { startTestService, type TestService } from '../support/service.js';
import { call } from '../workspaces/helpers.js';
import { header, partsOf, startSmtp, type TestSmtp } from './smtp.js';

/** Real time plus an offset that tests move forward: runs keep real deadlines, jobs see the future. */
class ShiftedClock implements Clock {
  offset = 0;
  now() {
    return new Date(Date.now() + this.offset);
  }
}

const DAY = 24 * 3600_000;

describe('report subscription: two emails, a diff, unsubscribe', () => {
  let site: FixtureSite;
  let smtp: TestSmtp;
  let svc: TestService;
  const clock = new ShiftedClock();

  beforeAll(async () => {
    site = await serveSite('clean');
    smtp = await startSmtp();
    svc = await startTestService({
      QA_URL_ALLOWLIST: site.allowlist.join(','), QA_MAX_PAGES: '2', SMTP_URL: smtp.url, MAIL_FROM: 'siteqa <qa@siteqa.example>',
      PUBLIC_BASE_URL: 'https://qa.siteqa.example', QA_JOB_POLL_MS: '0',
    });
    svc.rt.clock = clock;
  });
  afterAll(async () => {
    await svc?.stop();
    await smtp?.close();
    await site?.close();
  });

  const finished = async (runId: string) => {
    for (let i = 0; i < 240; i++) {
      const run = await svc.rt.store.runs.get(runId);
      if (run && ['succeeded', 'failed', 'blocked', 'timeout'].includes(run.status)) return run;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`run ${runId} did not finish`);
  };

  it('mails the report when the run ends, the diff seven days later, and nothing more', async () => {
    const audit = await call(svc.base, 'POST', '/audits', { body: { url: site.url } });
    expect(audit.status).toBe(202);
    const form = await fetch(`${svc.base}/api/v1/audits/${audit.json.run_id}/report-subscription`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=Reader%40Site.Example',
    });
    expect([form.status, await form.json()]).toEqual([201, { status: 'scheduled' }]);
    const again = await call(svc.base, 'POST', `/audits/${audit.json.run_id}/report-subscription`, { body: { email: 'someone-else@site.example' } });
    expect([again.status, again.json]).toEqual([200, { status: 'accepted' }]);

    await finished(audit.json.run_id);
    await tick(svc.rt, JOB_HANDLERS);
    expect(smtp.messages).toHaveLength(1);
    const first = smtp.messages[0]!;
    expect(first.to).toEqual(['reader@site.example']);
    expect(header(first.raw, 'subject')).toBe(`Your siteqa report for ${site.url}`);
    const report = (await call(svc.base, 'GET', `/audits/${audit.json.run_id}/report.json`)).json;
    const { text, html } = partsOf(first.raw);
    for (const s of SECTIONS) expect(text).toContain(`${s[0]!.toUpperCase()}${s.slice(1)}: ${report.sections[s].grade}`);
    expect(text).toContain(`https://qa.siteqa.example${audit.json.report_url}`);
    expect(html).toContain(`href="https://qa.siteqa.example${audit.json.report_url}"`);
    const unsubscribeLink = /Unsubscribe: (\S+)/.exec(text)![1]!;
    expect(html).toContain('Unsubscribe</a>');

    await tick(svc.rt, JOB_HANDLERS);
    clock.offset += 6 * DAY;
    await tick(svc.rt, JOB_HANDLERS);
    expect(smtp.messages).toHaveLength(1); // the re-check is not due before seven days

    clock.offset += DAY + 60_000;
    await tick(svc.rt, JOB_HANDLERS); // starts the re-check audit
    const sub = await svc.rt.store.db.selectFrom('report_subscriptions').selectAll().where('run_id', '=', audit.json.run_id).executeTakeFirstOrThrow();
    expect(sub.recheck_run_id).toBeTruthy();
    const recheckRun = await finished(sub.recheck_run_id!);
    expect(recheckRun.url).toBe((await svc.rt.store.runs.get(audit.json.run_id))!.url);
    clock.offset += 60_000;
    await tick(svc.rt, JOB_HANDLERS);
    expect(smtp.messages).toHaveLength(2);
    const second = partsOf(smtp.messages[1]!.raw);
    expect(header(smtp.messages[1]!.raw, 'subject')).toBe(`7-day re-check of ${site.url}`);
    expect(second.text).toMatch(/Grades changed:\n/);
    expect(second.text).toMatch(/New findings:\n/);
    expect(second.text).toMatch(/Fixed findings:\n/);
    expect(second.text).toContain(`Unsubscribe: ${unsubscribeLink}`);

    clock.offset += 30 * DAY;
    await tick(svc.rt, JOB_HANDLERS);
    expect(smtp.messages).toHaveLength(2);

    const path = unsubscribeLink.replace('https://qa.siteqa.example', svc.base);
    expect([(await fetch(path)).status, (await fetch(path)).status]).toEqual([200, 200]);
    const page = await fetch(path, { headers: { accept: 'text/html' } });
    expect(await page.text()).toContain('Unsubscribed');
  }, 240_000);

  it('sends nothing after an unsubscribe that comes before the first mail', async () => {
    const audit = await call(svc.base, 'POST', '/audits', { body: { url: site.url } });
    expect((await call(svc.base, 'POST', `/audits/${audit.json.run_id}/report-subscription`, { body: { email: 'quick@site.example' } })).status).toBe(201);
    const { unsubscribeToken } = await import('../../src/report-emails/links.js');
    const sub = await svc.rt.store.db.selectFrom('report_subscriptions').selectAll().where('run_id', '=', audit.json.run_id).executeTakeFirstOrThrow();
    const r = await call(svc.base, 'GET', `/report-subscriptions/unsubscribe?token=${unsubscribeToken(svc.rt, sub.id)}`);
    expect([r.status, r.json]).toEqual([200, { status: 'unsubscribed' }]);
    const before = smtp.messages.length;
    await finished(audit.json.run_id);
    clock.offset += 8 * DAY;
    await tick(svc.rt, JOB_HANDLERS);
    await tick(svc.rt, JOB_HANDLERS);
    expect(smtp.messages.length).toBe(before);
  }, 120_000);
});
