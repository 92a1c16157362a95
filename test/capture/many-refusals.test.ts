// A page past the guard's stored refusal list (500 entries): a host first refused after that is still
// known as refused, so its failure is the audit's own and no check reports it as the site's.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const images = Array.from({ length: 520 }, (_, i) => `<img src="https://img${i % 40}.cdn-of-the-site.com/p${i}.jpg" alt="" width="1" height="1">`).join('');
const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gallery</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main><h1>Gallery</h1>${images}
<script>addEventListener('load', () => setTimeout(() => { const l = document.createElement('link'); l.rel = 'stylesheet'; l.href = 'https://late.styles-of-the-site.com/late.css'; document.head.append(l); }, 100));</script>
</main></body></html>`;

describe('refusals past the stored list', () => {
  const site = loopbackSite((_req, res, { path }) => {
    res.writeHead(path === '/' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(path === '/' ? page : 'not found');
  });

  it('marks a host first refused after 500 refusals as refused by the guard', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 1, allowlistOnly: true });
    expect(bundle.blocked.length).toBe(500);
    const late = bundle.pages[0]!.requests.find((r) => r.url === 'https://late.styles-of-the-site.com/late.css');
    expect(late).toMatchObject({ blocked: true, failure_reason: 'guard', guard_reason: expect.stringMatching(/QA_URL_ALLOWLIST_ONLY/) });
    expect((report.findings ?? []).filter((f) => f.check_id === 'http.failed_resource' || f.check_id === 'http.unreachable_host')).toEqual([]);
  });
});
