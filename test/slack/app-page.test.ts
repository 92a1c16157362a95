// The dashboard `/app` in real Chromium against the real service and the Slack stand-in, at phone
// and desktop widths under the strict CSP: the key pasted into the page (kept in sessionStorage,
// never in the address) lists the monitors; Connect Slack walks the consent screen and lands back
// on /app saying "Slack is connected" with the team and channel; Disconnect undoes it; the outcome
// words render without JavaScript; axe finds no WCAG 2.1 AA violation.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CSP } from '../../src/html/chrome.js';
import { axeViolations, launchBrowser, loopbackContext, watchErrors, type Browser } from '../report/support.js';
import type { TestService } from '../support/service.js';
import { startSlackStandin, type SlackStandin } from '../support/slack-standin.js';
import { call, grantedWorkspace, publicLookup } from '../workspaces/helpers.js';
import { startSlackService } from './helpers.js';

/** A free loopback port, so PUBLIC_BASE_URL (the OAuth redirect_uri) can name the service itself. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

let browser: Browser;
let standin: SlackStandin;
let svc: TestService;

beforeAll(async () => {
  standin = await startSlackStandin();
  const port = await freePort();
  svc = await startSlackService(standin, { PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}` });
  svc.rt.guard.lookupAll = publicLookup; // monitors of shop.example: no worker runs them here
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await svc?.stop();
  await standin?.close();
});

describe('the dashboard', () => {
  it('says each Slack outcome in words without JavaScript, and ignores unknown ones', async () => {
    for (const [word, title] of [['connected', 'Slack is connected'], ['denied', 'Slack was not connected'], ['error', 'Slack could not be connected']]) {
      const res = await fetch(`${svc.base}/app?slack=${word}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain(`data-outcome="${word}"`);
      expect(html).toContain(title);
    }
    const plain = await (await fetch(`${svc.base}/app?slack=%3Cscript%3E`)).text();
    expect(plain).not.toContain('slack-outcome');
    expect(plain).not.toContain('<script>');
    expect(plain).toContain('Workspace API key');
  });

  it('lists monitors with the pasted key and connects Slack through the consent screen, on a phone and a desktop', async () => {
    for (const width of [390, 1280]) {
      const ws = await grantedWorkspace(svc, 'starter', { display_name: `Shop team ${width}` });
      const monitor = await call(svc.base, 'POST', '/monitors', { key: ws.key, body: { url: `https://shop.example/w${width}` } });
      expect(monitor.status).toBe(201);
      const { context, outside } = await loopbackContext(browser, width);
      const page = await context.newPage();
      const errors = watchErrors(page);
      try {
        await page.goto(`${svc.base}/app`);
        await page.getByLabel('Workspace API key').fill(ws.key);
        await page.getByRole('button', { name: 'Open' }).click();
        await page.getByText(`Shop team ${width}`).waitFor();
        expect(await page.locator('#slack-status').textContent()).toBe('Not connected. Alerts go by e-mail only.');
        await page.getByText(`https://shop.example/w${width}`).waitFor();
        expect(await page.locator('#monitors li').count()).toBe(1);
        expect(await page.locator('#monitors li').textContent()).toMatch(/daily · active/);
        await page.getByRole('link', { name: `Latest report for https://shop.example/w${width}` }).waitFor();
        expect(await page.getByRole('link', { name: `Latest report for https://shop.example/w${width}` }).getAttribute('href')).toBe(new URL(monitor.json.first_run.report_url, svc.base).pathname);
        expect(await page.locator('#monitors li .badge').textContent()).toBe('queued'); // its first run waits: no worker here
        expect(page.url()).toBe(`${svc.base}/app`);
        expect(await page.evaluate(() => sessionStorage.getItem('siteqa.apiKey'))).toBe(ws.key);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(await axeViolations(page)).toEqual([]);

        await page.getByRole('button', { name: 'Connect Slack' }).click();
        await page.waitForURL(`${svc.base}/app?slack=connected`);
        expect(await page.getByRole('status').first().textContent()).toContain('Slack is connected');
        await page.getByText('Connected to Standin Shop: alerts go to #site-alerts.').waitFor();
        expect(await page.getByRole('button', { name: 'Disconnect Slack' }).isVisible()).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: `/tmp/siteqa-app-slack-connected-${width}.png`, fullPage: true });
        expect((await call(svc.base, 'GET', '/workspaces/current', { key: ws.key })).json.slack).toMatchObject({ connected: true, channel_name: 'site-alerts' });

        await page.getByRole('button', { name: 'Disconnect Slack' }).click();
        await page.getByText('Not connected. Alerts go by e-mail only.').waitFor();
        expect((await call(svc.base, 'GET', '/workspaces/current', { key: ws.key })).json.slack.connected).toBe(false);
        expect(errors).toEqual([]);
        expect(outside).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('refuses a wrong key in words and keeps nothing', async () => {
    const { context } = await loopbackContext(browser, 390);
    const page = await context.newPage();
    try {
      await page.goto(`${svc.base}/app`);
      await page.getByLabel('Workspace API key').fill('sqa_live_notarealkey000000000000000000');
      await page.getByRole('button', { name: 'Open' }).click();
      await page.getByText('This key is not valid').waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('siteqa.apiKey'))).toBeNull();
      expect(await page.locator('#dash').isHidden()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
