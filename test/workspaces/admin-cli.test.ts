// `siteqa admin`: workspace create / list / set-tier / rotate-key and the outbox, against a real
// SQLite database; the created key works over HTTP, a rotated one stops working.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/cli/admin.js';
import { loadConfig } from '../../src/config/index.js';
import { startServer } from '../../src/server.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'siteqa-admin-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', QA_JOB_POLL_MS: '0' });

async function admin(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runAdminCommand(config, args, { write: (s: string) => (stdout += s) }, { write: (s: string) => (stderr += s) });
  return { code, stdout, stderr };
}

describe('siteqa admin', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates, lists, re-tiers and rotates workspaces; keys work over HTTP until rotated', async () => {
    const created = await admin('workspace', 'create', '--email', 'ops@site.example', '--name', 'Ops', '--tier', 'pro');
    expect(created.code).toBe(0);
    const ws = JSON.parse(created.stdout);
    expect(ws).toMatchObject({ owner_email: 'ops@site.example', tier: 'pro', api_token: expect.stringMatching(/^sqa_live_/) });
    expect(created.stderr).toMatch(/not shown again/);

    const list = await admin('workspace', 'list');
    expect(list.stdout).toContain(ws.workspace_id);
    expect(list.stdout).toContain(`sqa_live_…${ws.api_token.slice(-4)}`);
    expect(list.stdout).not.toContain(ws.api_token);

    expect(JSON.parse((await admin('workspace', 'set-tier', ws.workspace_id, 'team')).stdout)).toEqual({ workspace_id: ws.workspace_id, tier: 'team' });
    const rotated = JSON.parse((await admin('workspace', 'rotate-key', ws.workspace_id)).stdout);
    expect(rotated.api_token).not.toBe(ws.api_token);

    const server = await startServer(config, { worker: false });
    try {
      const get = (key: string) => fetch(`${server.url}/api/v1/workspaces/current`, { headers: { authorization: `Bearer ${key}` } });
      expect((await get(ws.api_token)).status).toBe(401);
      const now = await get(rotated.api_token);
      expect(now.status).toBe(200);
      // An operator's grant is a paid tier without the payment provider.
      expect(await now.json()).toMatchObject({ workspace_id: ws.workspace_id, tier: 'team', display_name: 'Ops', requested_tier: null, paid_capabilities: { paid: true, paused: false } });
    } finally {
      await server.stop();
    }
  });

  it('revokes a report share link: the old link answers 404, the printed new one works', async () => {
    const server = await startServer({ ...config, urlAllowlist: [] }, { worker: false });
    let runId: string;
    let oldToken: string;
    try {
      server.rt.guard.lookupAll = async () => ['93.184.215.14']; // a public address, never contacted (no worker)
      const created = await (await fetch(`${server.url}/api/v1/audits`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: 'https://shop.example/' }) })).json();
      runId = created.run_id;
      oldToken = String(created.report_url).split('/').pop()!;
      expect((await fetch(`${server.url}/api/v1/reports/by-token/${oldToken}`)).status).toBe(200);
    } finally {
      await server.stop();
    }
    const revoked = await admin('report', 'revoke', runId);
    expect(revoked.code).toBe(0);
    const { report_url } = JSON.parse(revoked.stdout);
    const newToken = String(report_url).split('/r/')[1]!;
    expect(newToken).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(newToken).not.toBe(oldToken);
    const again = await startServer(config, { worker: false });
    try {
      expect((await fetch(`${again.url}/api/v1/reports/by-token/${oldToken}`)).status).toBe(404);
      expect((await fetch(`${again.url}/r/${oldToken}`)).status).toBe(404);
      const now = await fetch(`${again.url}/api/v1/reports/by-token/${newToken}`);
      expect(now.status).toBe(200);
      expect(await now.json()).toMatchObject({ run_id: runId });
    } finally {
      await again.stop();
    }
    expect((await admin('report', 'revoke', '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b')).stderr).toMatch(/no run/);
    expect((await admin('report', 'revoke')).code).toBe(2);
  });

  it('refuses bad input with exit code 2', async () => {
    expect((await admin('workspace', 'create', '--email', 'nope')).code).toBe(2);
    expect((await admin('workspace', 'create', '--email', 'a@site.example', '--tier', 'gold')).code).toBe(2);
    expect((await admin('workspace', 'set-tier', '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b', 'pro')).code).toBe(2);
    expect((await admin('workspace', 'rotate-key', '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b')).stderr).toMatch(/no workspace/);
    expect((await admin('nope')).code).toBe(2);
  });

  it('prints the outbox through the real command line', async () => {
    const { createRuntime } = await import('../../src/runtime.js');
    const rt = await createRuntime(config);
    await rt.mailer.send({ to: 'reader@site.example', subject: 'Your siteqa report for https://site.example/', text: 'Works: A', html: '<p>Works: A</p>' }, new Date('2026-01-01T00:00:00.000Z'));
    await rt.close();
    const r = spawnSync(process.execPath, ['bin/siteqa.js', 'admin', 'outbox'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('To: reader@site.example');
    expect(r.stdout).toContain('Subject: Your siteqa report for https://site.example/');
    expect(r.stdout).toContain('Works: A');
  });
});
