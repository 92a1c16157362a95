// No run lost: a service process SIGKILLed mid-run leaves a `running` row behind; the next start
// on the same database re-queues it (embedded mode sweeps orphans at start) and it ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite, type FixtureSite } from '../support/fixture-server.js';
import { postJson, readEvents } from '../support/service.js';

const ROOT = new URL('../../', import.meta.url).pathname;

function startService(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', 'serve'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`service did not start: ${out}`)), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /"address":"(http:\/\/[^"]+)"/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, base: m[1]! });
      }
    });
    child.on('exit', (code) => reject(new Error(`service exited ${code}: ${out}`)));
  });
}

describe('a worker killed mid-run', () => {
  let site: FixtureSite;
  let dataDir: string;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    site = await serveSite('slow');
    dataDir = mkdtempSync(join(tmpdir(), 'siteqa-crash-'));
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await site?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no run running after restart: the run is re-queued and ends', async () => {
    const env = { DATA_DIR: dataDir, QA_URL_ALLOWLIST: site.allowlist.join(','), QA_MAX_PAGES: '3' };
    const first = await startService(env);
    child = first.child;
    const r = await postJson(`${first.base}/api/v1/audits`, { url: site.url });
    expect(r.status).toBe(202);
    // Wait until the run is running (the `started` event), then kill the process outright.
    const ctrl = await readEvents(`${first.base}${r.json.events_url}`, { timeoutMs: 4_000 });
    expect(ctrl.events.map((e) => e.type)).toContain('started');
    first.child.kill('SIGKILL');
    await new Promise((res) => first.child.once('exit', res));

    const second = await startService(env);
    child = second.child;
    const { events, closedByServer } = await readEvents(`${second.base}${r.json.events_url}`, { timeoutMs: 90_000 });
    expect(closedByServer).toBe(true);
    const types = events.map((e) => e.type);
    expect(types).toContain('requeued');
    const end = events.at(-1)!;
    expect(end.type).toBe('end');
    expect(['succeeded', 'failed', 'timeout']).toContain(end.data.status);
    if (end.data.status === 'failed') expect(end.data.failure_reason).toBeTruthy();
    const run = await (await fetch(`${second.base}/api/v1/audits/${r.json.run_id}`)).json();
    expect(run.status).not.toBe('running');
    second.child.kill('SIGTERM');
  }, 150_000);
});
