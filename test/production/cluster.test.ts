// Production mode end to end (issue 5, part 7): 2 API processes (`serve --no-worker`) and 2 worker
// processes on one Postgres schema; 10 audits of a fixture site; one worker SIGKILLed while it runs
// an audit. Every run must end with a report, and an SSE client on the other API saw every end.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../support/db.js';
import { serveSite, type FixtureSite } from '../support/fixture-server.js';
import { postJson, readEvents } from '../support/service.js';
import { runSiteqa, startSiteqa, type SiteqaProcess } from './processes.js';

const API_READY = /"address":"(http:\/\/[^"]+)"/;
const WORKER_READY = /"worker":"([^"]+)","msg":"worker started"/;
const TERMINAL = ['succeeded', 'failed', 'blocked', 'timeout'];

describe('2 API + 2 worker processes on Postgres', () => {
  const schema = `prod_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  const procs: SiteqaProcess[] = [];
  let site: FixtureSite;
  let env: Record<string, string>;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    site = await serveSite('ten');
    env = {
      // The schema rides in the URL as a startup option, as a deployment on a shared database would do.
      DATABASE_URL: `${TEST_DATABASE_URL}?options=-c%20search_path%3D${schema}`,
      QA_URL_ALLOWLIST: site.allowlist.join(','),
      QA_LEASE_MS: '3000',
      QA_MAX_PAGES: '3', // three pages of the ten: enough to be mid-run when killed, short enough for 10 audits
      QA_PAGE_CONCURRENCY: '2',
      QA_RUN_DEADLINE_MS: '60000',
    };
    await runSiteqa(['migrate'], env);
  }, 60_000);

  afterAll(async () => {
    for (const p of procs) p.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.exited));
    await site?.close();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.query(`drop schema if exists "${schema}_pgboss" cascade`);
    await admin.end();
  });

  it('ends all 10 audits with reports after a worker is killed mid-run; SSE on the other API sees each end', async () => {
    const start = (args: string[], ready: RegExp) => startSiteqa(args, env, ready).then((p) => (procs.push(p), p));
    const [apiA, apiB, doomed, survivor] = await Promise.all([
      start(['serve', '--no-worker'], API_READY),
      start(['serve', '--no-worker'], API_READY),
      start(['worker', '--concurrency', '2'], WORKER_READY),
      start(['worker', '--concurrency', '2'], WORKER_READY),
    ]);

    const runs: { run_id: string; report_url: string; events_url: string }[] = [];
    const streams: ReturnType<typeof readEvents>[] = [];
    for (let i = 0; i < 10; i++) {
      const created = await postJson(`${apiA.announced}/api/v1/audits`, { url: `${site.url}?n=${i}` });
      expect(created.status, created.text).toBe(202);
      runs.push(created.json);
      streams.push(readEvents(`${apiB.announced}${created.json.events_url}`, { timeoutMs: 85_000 }));
    }

    // Mid-way (two audits ended), kill the doomed worker and its browser outright while it holds a run.
    const victim = await waitFor(async () => {
      const { rows } = await admin.query<{ id: string; ended: string }>(
        `select id, (select count(*) from "${schema}".runs where finished_at is not null) as ended
         from "${schema}".runs where status = 'running' and lease_owner = $1 limit 1`, [doomed.announced]);
      return rows[0] && Number(rows[0].ended) >= 2 ? rows[0].id : undefined;
    }, 60_000);
    doomed.kill('SIGKILL');
    await doomed.exited;

    const seen = await Promise.all(streams);
    for (const [i, { events, closedByServer }] of seen.entries()) {
      const run = runs[i];
      expect(closedByServer, `stream of ${run.run_id} closed by the server`).toBe(true);
      const end = events.at(-1)!;
      expect(end.type).toBe('end');
      const ids = events.flatMap((e) => (e.id === null ? [] : [e.id]));
      expect(ids.length).toBeGreaterThan(1);
      expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b)); // replayed and live events in order, no repeats
      const summary = await (await fetch(`${apiB.announced}/api/v1/audits/${run.run_id}`)).json();
      expect(TERMINAL).toContain(summary.status);
      expect(end.data.status).toBe(summary.status);
      const report = await fetch(`${apiA.announced}/api/v1/reports/by-token/${run.report_url.split('/').pop()}`);
      expect(report.status).toBe(200);
      expect((await report.json()).status).toBe(summary.status);
    }
    // The killed worker's run was handed to the survivor (re-queued), not left running.
    const victimEvents = seen[runs.findIndex((r) => r.run_id === victim)].events.map((e) => e.type);
    expect(victimEvents).toContain('requeued');
    const { rows } = await admin.query<{ n: string }>(`select count(*) as n from "${schema}".runs where status in ('queued', 'running')`);
    expect(Number(rows[0].n)).toBe(0);
    // SIGTERM (to the node process alone) drains the idle survivor: it closes its browser and exits 0.
    expect(survivor.child.exitCode).toBeNull();
    survivor.child.kill('SIGTERM');
    expect(await survivor.exited).toBe(0);
  }, 120_000);
});

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
