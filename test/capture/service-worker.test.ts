// The audit blocks service workers; a site registering one (register-service-worker, Workbox) must not
// log an error only that block causes (Playwright's block resolves register() to undefined). Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>App</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main><h1>App</h1></main>
<script>
navigator.serviceWorker.register('/service-worker.js').then((registration) => {
  if (registration.waiting) console.log('update waiting');
}).catch((error) => console.error('Error during service worker registration:', error));
</script></body></html>`;

describe('a site registering a service worker', () => {
  const site = loopbackSite((_req, res, { path }) => {
    if (path === '/service-worker.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end('self.addEventListener("fetch", () => {});');
    res.writeHead(path === '/' ? 200 : 404, { 'content-type': 'text/html' }).end(path === '/' ? page : 'not found');
  });

  it('logs no error the audit\'s own block of service workers would cause', async () => {
    const { bundle } = await site.audit('/', { maxPages: 1 });
    const page = bundle.pages[0]!;
    expect(page.status).toBe(200);
    expect(page.console.filter((m) => m.type === 'error' || m.type === 'warning').map((m) => m.text)).toEqual([]);
    expect(page.page_errors).toEqual([]);
  });
});
