// The pages a person opens: the landing page, its script, the check docs linked from every
// finding, and robots rules that keep shared reports out of search engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checks } from '../../src/checks/registry.js';
import { startTestService, type TestService } from '../support/service.js';

describe('pages', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({}, { worker: false });
  });
  afterAll(() => svc.stop());

  it('serves the landing page with a strict CSP and its script', async () => {
    const res = await fetch(`${svc.base}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    expect(html).toMatch(/<form[\s\S]*<input[^>]+name="url"/);
    const src = /<script src="([^"]+)"/.exec(html)![1]!;
    const js = await fetch(`${svc.base}${src}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(await js.text()).toContain('/audits');
  });

  it('serves a doc page for every check, and an index that lists them', async () => {
    const index = await (await fetch(`${svc.base}/docs`)).text();
    for (const c of checks) expect(index).toContain(`/docs/checks/${c.meta.id}`);
    for (const c of [checks[0]!, checks[checks.length - 1]!]) {
      const res = await fetch(`${svc.base}${c.meta.docs}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('Why is this important?');
      expect(html).toContain('How to fix');
    }
    const missing = await fetch(`${svc.base}/docs/checks/nope.nothing`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).code).toBe('not_found');
    const traversal = await fetch(`${svc.base}/docs/checks/..%2F..%2Fpackage`);
    expect(traversal.status).toBe(404);
    expect((await fetch(`${svc.base}/docs/errors`)).status).toBe(200);
  });

  it('keeps shared reports and the API out of search engines', async () => {
    const robots = await (await fetch(`${svc.base}/robots.txt`)).text();
    expect(robots).toMatch(/Disallow: \/r\//);
  });
});
