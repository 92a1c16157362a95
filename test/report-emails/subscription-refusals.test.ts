// Report-subscription refusals and limits over real HTTP (worker off): invalid email, unknown run,
// the per-IP rate limit (429 + Retry-After), the per-address weekly cap (200, nothing scheduled),
// unknown unsubscribe tokens, and the outbox that keeps mail when SMTP_URL is unset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tick } from '../../src/jobs/loop.js';
import { JOB_HANDLERS } from '../../src/job-kinds.js';
import { startTestService, type TestService } from '../support/service.js';
import { call, MovableClock, publicLookup } from '../workspaces/helpers.js';

describe('report subscription refusals, limits and the outbox', () => {
  let svc: TestService;
  const clock = new MovableClock(new Date('2026-08-03T10:00:00.000Z'));
  beforeAll(async () => {
    svc = await startTestService({ QA_SUBSCRIBE_RATE_LIMIT: '1000', QA_SUBSCRIBE_EMAIL_WEEKLY_CAP: '2', QA_JOB_POLL_MS: '0', QA_FREE_AUDIT_POOL: '1000', PUBLIC_BASE_URL: 'https://qa.siteqa.example' }, { worker: false });
    svc.rt.guard.lookupAll = publicLookup;
    svc.rt.clock = clock;
  });
  afterAll(() => svc.stop());

  const newRun = async () => (await call(svc.base, 'POST', '/audits', { body: { url: 'https://site.example/' } })).json.run_id as string;
  const subscribe = (runId: string, email: unknown) => call(svc.base, 'POST', `/audits/${runId}/report-subscription`, { body: { email } });
  const jobs = async () => (await svc.rt.store.jobs.list()).filter((j) => j.kind.startsWith('subscription.')).length;

  it('refuses invalid emails (422 invalid_email), missing ones (422), unknown runs (404) and malformed ids (422)', async () => {
    const run = await newRun();
    for (const email of ['nope', 'a@b', 'a@site.example,b@site.example', '']) {
      const r = await subscribe(run, email);
      expect([r.status, r.json.code], email).toEqual([422, 'invalid_email']);
    }
    const missing = await call(svc.base, 'POST', `/audits/${run}/report-subscription`, { body: {} });
    expect([missing.status, missing.json.code]).toEqual([422, 'invalid_payload']);
    const unknown = await subscribe('1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b', 'a@site.example');
    expect([unknown.status, unknown.json.code]).toEqual([404, 'not_found']);
    expect((await subscribe('not-a-uuid', 'a@site.example')).status).toBe(404); // a malformed id is an unknown run
  });

  it('caps one address per week with a 200 that looks like "already scheduled", then lets it in again after 7 days', async () => {
    const before = await jobs();
    expect((await subscribe(await newRun(), 'cap@site.example')).status).toBe(201);
    expect((await subscribe(await newRun(), 'CAP@site.example')).status).toBe(201);
    const capped = await subscribe(await newRun(), 'cap@site.example');
    const taken = await (async () => { const run = await newRun(); await subscribe(run, 'x@site.example'); return subscribe(run, 'y@site.example'); })();
    expect([capped.status, capped.json]).toEqual([200, { status: 'accepted' }]);
    expect([taken.status, taken.json]).toEqual([capped.status, capped.json]);
    expect(await jobs()).toBe(before + 3);
    clock.advance(7 * 24 * 3600_000 + 1000);
    expect((await subscribe(await newRun(), 'cap@site.example')).status).toBe(201);
  });

  it('rate-limits subscriptions per IP with 429 and Retry-After', async () => {
    svc.rt.config.subscribeRateLimit = 2;
    try {
      const run = await newRun();
      await subscribe(run, 'r1@site.example');
      await subscribe(run, 'r2@site.example');
      const r = await subscribe(run, 'r3@site.example');
      expect([r.status, r.json.code]).toEqual([429, 'rate_limited']);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      svc.rt.config.subscribeRateLimit = 1000;
    }
  });

  it('answers 404 for an unknown unsubscribe token and 422 without one', async () => {
    const r = await call(svc.base, 'GET', '/report-subscriptions/unsubscribe?token=nope');
    expect([r.status, r.json.code]).toEqual([404, 'not_found']);
    expect((await call(svc.base, 'GET', '/report-subscriptions/unsubscribe')).status).toBe(422);
  });

  it('keeps the mail in the outbox (HTML and text, grades line, links) when SMTP_URL is unset', async () => {
    const run = await newRun();
    expect((await subscribe(run, 'outbox@site.example')).status).toBe(201);
    await tick(svc.rt, JOB_HANDLERS);
    expect(await svc.rt.store.mailOutbox.list(100)).toEqual([]); // the run has not ended yet
    await svc.rt.store.runs.finish(run, { status: 'failed', failure_reason: 'navigation failed' }, clock.now());
    clock.advance(60_000);
    await tick(svc.rt, JOB_HANDLERS);
    const mail = (await svc.rt.store.mailOutbox.list(100)).filter((m) => m.to_address === 'outbox@site.example');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Your siteqa report for https://site.example/');
    expect(mail[0]!.text_body).toContain('No grades: the run ended as failed (navigation failed).');
    expect(mail[0]!.text_body).toMatch(/Full report: https:\/\/qa\.siteqa\.example\/r\/\S+/);
    expect(mail[0]!.html_body).toContain('Unsubscribe</a>');
  });
});
