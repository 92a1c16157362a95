// A start URL that redirects to a private target is refused at run time: the run ends `blocked`
// with the guard's reason, and the private target receives nothing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, readEvents, startTestService, type TestService } from '../support/service.js';

function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; port: number }> {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port })));
}

describe('a redirect to a private target', () => {
  let internal: { server: Server; port: number };
  let site: { server: Server; port: number };
  let internalHits = 0;
  let svc: TestService;
  beforeAll(async () => {
    internal = await listen((_req, res) => {
      internalHits++;
      res.end('secret');
    });
    site = await listen((_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${internal.port}/admin` }).end();
    });
    svc = await startTestService({ QA_URL_ALLOWLIST: `127.0.0.1:${site.port}` });
  });
  afterAll(async () => {
    await svc?.stop();
    internal?.server.close();
    site?.server.close();
  });

  it('ends the run as blocked, with the reason, and never reaches the target', async () => {
    const r = await postJson(`${svc.base}/api/v1/audits`, { url: `http://127.0.0.1:${site.port}/` });
    expect(r.status).toBe(202);
    const { events } = await readEvents(`${svc.base}${r.json.events_url}`, { timeoutMs: 60_000 });
    const end = events.at(-1)!;
    expect(end.data.status).toBe('blocked');
    expect(String(end.data.failure_reason)).toMatch(/guard/);
    expect(String(end.data.failure_reason)).toMatch(/loopback/);
    expect(internalHits).toBe(0);
    const report = await (await fetch(`${svc.base}/api/v1/audits/${r.json.run_id}/report.json`)).json();
    expect(report.status).toBe('blocked');
    expect(report.sections).toBeUndefined();
  }, 90_000);
});
