// GET /metrics on both dialects: run counts by status, queue depth and the run duration histogram
// come from the database (cluster-wide), in Prometheus text that a scraper can parse.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.js';
import { loadConfig } from '../../src/config/index.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import { at, createTestRun, resetStore, testDatabases } from '../support/db.js';

/** `name{labels} value` lines as a map, comments skipped. */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const i = line.lastIndexOf(' ');
    samples.set(line.slice(0, i), Number(line.slice(i + 1)));
  }
  return samples;
}

describe.each(testDatabases())('GET /metrics on $name', (database) => {
  let rt: Runtime;
  let app: FastifyInstance;
  const dataDir = mkdtempSync(join(tmpdir(), 'siteqa-metrics-'));
  beforeAll(async () => {
    const store = await database.open();
    await resetStore(store);
    rt = await createRuntime(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }), { store });
    app = await buildApp(rt, { logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await rt?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reports runs by status, queue depth and run durations from the database', async () => {
    const t0 = new Date('2026-01-01T00:00:00.000Z');
    const finished = await createTestRun(rt.store, { now: t0 });
    expect((await rt.store.runs.claimNext('w', 60_000, t0))?.id).toBe(finished.id);
    await rt.store.runs.finish(finished.id, { status: 'succeeded', failure_reason: null }, at(t0, 12_000));
    await createTestRun(rt.store, { now: at(t0, 1000) });
    await rt.store.runs.claimNext('w', 60_000, at(t0, 2000)); // stays running
    await createTestRun(rt.store, { now: at(t0, 3000) });
    await createTestRun(rt.store, { now: at(t0, 4000) });

    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.body).toContain('# TYPE siteqa_run_duration_seconds histogram');
    const m = parse(res.body);
    expect(m.get('siteqa_runs{kind="audit",status="queued"}')).toBe(2);
    expect(m.get('siteqa_runs{kind="audit",status="running"}')).toBe(1);
    expect(m.get('siteqa_runs{kind="audit",status="succeeded"}')).toBe(1);
    expect(m.get('siteqa_queue_depth')).toBe(2);
    expect(m.get('siteqa_queue_oldest_age_seconds')).toBeGreaterThan(0);
    expect(m.get('siteqa_run_duration_seconds_bucket{le="10"}')).toBe(0);
    expect(m.get('siteqa_run_duration_seconds_bucket{le="20"}')).toBe(1);
    expect(m.get('siteqa_run_duration_seconds_bucket{le="+Inf"}')).toBe(1);
    expect(m.get('siteqa_run_duration_seconds_sum')).toBeCloseTo(12, 3);
    expect(m.get('siteqa_run_duration_seconds_count')).toBe(1);
    expect(m.get('siteqa_browser_restarts_total')).toBe(0);
    expect(m.get('siteqa_browser_memory_bytes')).toBe(0); // no browser launched in this process
    expect(m.get('process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});
