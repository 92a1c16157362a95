// advisory.analyze against a stand-in chat-completions server on loopback, through the real
// client library and a real audit: one model call, a labelled note, no effect on any count or grade.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze, evidenceSummary } from '../../src/advisory/analyze.js';
import { loadConfig } from '../../src/config/index.js';
import { SECTIONS } from '../../src/checks/types.js';
import { serveSite, type FixtureSite } from '../support/fixture-server.js';
import { postJson, readEvents, startTestService, type TestService } from '../support/service.js';

interface Seen { path: string; auth: string | undefined; body: any }

function standInModel(reply: string): Promise<{ server: Server; base: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(raw || 'null') });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({
        id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'stand-in-1',
        choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen })));
}

describe('advisory.analyze', () => {
  let model: Awaited<ReturnType<typeof standInModel>>;
  beforeAll(async () => {
    model = await standInModel('Fix the 500 on /boom first; then the broken links.');
  });
  afterAll(() => new Promise<void>((r) => model.server.close(() => r())));

  it('is absent without a provider, and sends one chat-completions call with a summary when configured', async () => {
    const bundle = JSON.parse(readFileSync(new URL('../fixtures/evidence/broken.evidence.json', import.meta.url), 'utf8'));
    const now = new Date('2026-01-01T00:00:00Z');
    expect(await analyze(loadConfig({}), bundle, [], now)).toBeNull();
    expect(model.seen).toHaveLength(0);
    const config = loadConfig({ QA_MODEL_BASE_URL: model.base, QA_MODEL_API_KEY: 'sk-test-123', QA_MODEL_NAME: 'stand-in-1' });
    const note = await analyze(config, bundle, [], now);
    expect(note).toEqual({ check_id: 'advisory.analyze', note: 'Fix the 500 on /boom first; then the broken links.', model: 'stand-in-1', created_at: now.toISOString() });
    expect(model.seen).toHaveLength(1);
    expect(model.seen[0]!.path).toBe('/v1/chat/completions');
    expect(model.seen[0]!.auth).toBe('Bearer sk-test-123');
    expect(model.seen[0]!.body.model).toBe('stand-in-1');
    expect(model.seen[0]!.body.messages.at(-1).content).toBe(evidenceSummary(bundle, []));
  });

  describe('in a real run', () => {
    let site: FixtureSite;
    let svc: TestService;
    beforeAll(async () => {
      site = await serveSite('broken');
      svc = await startTestService({ QA_URL_ALLOWLIST: site.allowlist.join(','), QA_MAX_PAGES: '3', QA_MODEL_BASE_URL: model.base, QA_MODEL_NAME: 'stand-in-1' });
    });
    afterAll(async () => {
      await svc?.stop();
      await site?.close();
    });

    it('adds one labelled advisory finding that counts toward nothing', async () => {
      const before = model.seen.length;
      const r = await postJson(`${svc.base}/api/v1/audits`, { url: site.url });
      await readEvents(`${svc.base}${r.json.events_url}`, { timeoutMs: 90_000 });
      expect(model.seen.length).toBe(before + 1);
      const report = await (await fetch(`${svc.base}/api/v1/audits/${r.json.run_id}/report.json`)).json();
      const advisory = report.findings.filter((f: any) => f.tier === 'advisory');
      expect(advisory).toHaveLength(1);
      expect(advisory[0]).toMatchObject({ check_id: 'advisory.analyze', tier: 'advisory', section: 'advisory' });
      expect(advisory[0].note).toContain('Fix the 500 on /boom first');
      expect(advisory[0].evidence).toBeUndefined();
      for (const s of SECTIONS) {
        const verified = report.findings.filter((f: any) => f.tier === 'verified' && f.section === s);
        for (const sev of ['critical', 'warning', 'info']) expect(report.sections[s][sev]).toBe(verified.filter((f: any) => f.severity === sev).length);
      }
      // Re-grading never calls the model again: the note is stored with the evidence.
      await svc.rt.store.reports.save(r.json.run_id, '', new Date());
      const again = await (await fetch(`${svc.base}/api/v1/audits/${r.json.run_id}/report.json`)).json();
      expect(again.findings.filter((f: any) => f.tier === 'advisory')).toHaveLength(1);
      expect(model.seen.length).toBe(before + 1);
    }, 120_000);
  });
});
