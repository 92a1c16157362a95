// The consent clicker against real Chromium and small loopback pages: known CMP markup, custom
// banners (German, shadow DOM, iframe), a page without a banner, and a banner whose accept loads a tag.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { clickConsent, detectConsentBanner } from '../../src/capture/consent.js';
import { defaultChromiumPath } from '../../src/capture/chromium-path.js';

const CHOICE = `<script>window.__choice = null; function choose(c) { window.__choice = c; document.querySelectorAll('[data-banner]').forEach((b) => b.remove()); }</script>`;
const layout = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title>${CHOICE}</head>
<body style="margin:0;font:16px sans-serif"><header style="position:sticky;top:0;background:#eee"><nav><a href="/">Home</a> <a href="/about">About</a> <button>Menu</button></nav></header>
<main style="height:1500px"><h1>Shop</h1><p>Welcome to our shop.</p></main>${body}</body></html>`;

const fixed = 'position:fixed;left:0;right:0;bottom:0;background:#fff;padding:16px;border-top:1px solid #ccc';

const PAGES: Record<string, string> = {
  '/onetrust': layout(`<div id="onetrust-consent-sdk" data-banner><div id="onetrust-banner-sdk" role="region" aria-label="Cookie banner" style="${fixed}">
    <p id="onetrust-policy-text">We use cookies to improve your experience and for marketing. <a href="/privacy">Privacy Policy</a></p>
    <button id="onetrust-pc-btn-handler" onclick="choose('settings')">Cookie Settings</button>
    <button id="onetrust-reject-all-handler" onclick="choose('reject')">Reject All</button>
    <button id="onetrust-accept-btn-handler" onclick="choose('accept')">Accept All Cookies</button></div></div>`),
  '/de': layout(`<div class="hinweis-leiste" data-banner style="${fixed}">
    <p>Wir verwenden Cookies, um unsere Website zu verbessern. Mehr in der <a href="/datenschutz">Datenschutzerklärung</a>.</p>
    <a href="/datenschutz">Mehr erfahren</a> <button onclick="choose('settings')">Einstellungen</button>
    <button onclick="choose('reject')">Nur notwendige Cookies</button> <button onclick="choose('accept')">Alle akzeptieren</button></div>`),
  '/shadow': layout(`<privacy-prompt data-banner></privacy-prompt><script>
    customElements.define('privacy-prompt', class extends HTMLElement { connectedCallback() {
      const root = this.attachShadow({ mode: 'open' });
      root.innerHTML = '<div class="bar" style="${fixed}"><p>This site uses cookies for analytics.</p><button class="no">Reject all</button><button class="yes">Accept all</button></div>';
      root.querySelector('.no').onclick = () => choose('reject');
      root.querySelector('.yes').onclick = () => choose('accept');
    } });</script>`),
  '/plain': layout(`<dialog open style="position:fixed;top:30%"><p>Subscribe to our newsletter for weekly deals.</p><button>Subscribe</button><button>Close</button></dialog>
    <footer>© 2026 Shop · <a href="/privacy">Privacy policy</a> · <a href="/cookies">Cookie policy</a> · <a href="/imprint">Imprint</a></footer>`),
  '/tag': layout(`<div id="cookie-banner" data-banner style="${fixed}"><p>We and our partners use cookies and similar technologies.</p>
    <button id="decline" onclick="choose('reject')">Decline</button>
    <button id="ok" onclick="document.cookie='consent=yes; path=/'; const s = document.createElement('script'); s.src = '/tag.js'; document.head.appendChild(s); choose('accept')">Accept</button></div>`),
  '/framed': layout(`<iframe src="/frame-banner" data-banner title="consent" style="position:fixed;bottom:0;left:0;width:100%;height:140px;border:0"></iframe>`),
  '/frame-banner': `<!doctype html><html><body style="margin:0"><p>We use cookies to personalise content.</p>
    <button onclick="parent.choose('reject')">Reject all</button><button onclick="parent.choose('accept')">Accept all</button></body></html>`,
  '/frame-banner-x': `<!doctype html><html><body style="margin:0"><p>This website uses cookies.</p>
    <button onclick="document.body.dataset.choice='reject'">Decline all</button><button onclick="document.body.dataset.choice='accept'">Allow all cookies</button></body></html>`,
  // A CMP our own table and wording do not know (Ketch markup, Polish text): left to autoconsent's rules.
  '/ketch': layout(`<div id="lanyard_root" data-banner><div id="ketch-banner" style="${fixed}"><p>Ta strona używa plików cookie.</p>
    <button id="ketch-banner-button-secondary" onclick="choose('reject')">Odrzuć</button>
    <button id="ketch-banner-button-primary" onclick="choose('accept')">Akceptuję</button></div></div>`),
};

let server: Server;
let base = '';
let browser: Browser;
let context: BrowserContext;
const requested: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requested.push(path);
    if (path === '/tag.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end('window.__tagLoaded = true;');
      return;
    }
    const html = PAGES[path];
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html ?? 'not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || defaultChromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
});
afterEach(async () => {
  await context.close();
});

async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base}${path}`, { waitUntil: 'load' });
  return page;
}

async function timed<T>(p: Promise<T>): Promise<[T, number]> {
  const t = Date.now();
  const v = await p;
  return [v, Date.now() - t];
}

describe('detectConsentBanner / clickConsent', () => {
  it('recognises a OneTrust banner and clicks "Reject All", not "Cookie Settings"', async () => {
    const page = await open('/onetrust');
    expect(await detectConsentBanner(page)).toEqual({ detected: true, method: 'cmp:onetrust', selector: '#onetrust-banner-sdk' });
    const { clicked } = await clickConsent(page, 'reject');
    expect(clicked).toBe('cmp:onetrust #onetrust-reject-all-handler "Reject All"');
    expect(await page.evaluate('window.__choice')).toBe('reject');
  });

  it('clicks OneTrust "Accept All Cookies" for accept', async () => {
    const page = await open('/onetrust');
    expect((await clickConsent(page, 'accept')).clicked).toMatch(/#onetrust-accept-btn-handler/);
    expect(await page.evaluate('window.__choice')).toBe('accept');
  });

  it('finds a German custom banner by wording; reject means "only necessary", never settings or the policy link', async () => {
    const page = await open('/de');
    const banner = await detectConsentBanner(page);
    expect(banner).toMatchObject({ detected: true, method: 'heuristic:fixed', selector: 'div.hinweis-leiste' });
    expect((await clickConsent(page, 'reject')).clicked).toBe('heuristic:fixed button "Nur notwendige Cookies"');
    expect(await page.evaluate('window.__choice')).toBe('reject');
    expect(page.url()).toBe(`${base}/de`);

    const again = await open('/de');
    expect((await clickConsent(again, 'accept')).clicked).toBe('heuristic:fixed button "Alle akzeptieren"');
    expect(await again.evaluate('window.__choice')).toBe('accept');
  });

  it('finds a banner inside an open shadow root and clicks through it', async () => {
    const page = await open('/shadow');
    const banner = await detectConsentBanner(page);
    expect(banner.detected).toBe(true);
    expect(banner.selector).toBe('privacy-prompt >> div.bar');
    expect((await clickConsent(page, 'accept')).clicked).toBe('heuristic:fixed privacy-prompt >> button.yes "Accept all"');
    expect(await page.evaluate('window.__choice')).toBe('accept');
  });

  it('finds a banner in a same-origin iframe', async () => {
    const page = await open('/framed');
    expect(await detectConsentBanner(page)).toMatchObject({ detected: true, method: 'heuristic:frame@iframe' });
    expect((await clickConsent(page, 'reject')).clicked).toBe('heuristic:frame@iframe button "Reject all"');
    expect(await page.evaluate('window.__choice')).toBe('reject');
  });

  it('finds a banner in a cross-origin iframe (localhost inside 127.0.0.1)', async () => {
    const page = await context.newPage();
    const other = base.replace('127.0.0.1', 'localhost');
    await page.setContent(layout(`<iframe src="${other}/frame-banner-x" style="position:fixed;bottom:0;left:0;width:100%;height:140px;border:0"></iframe>`));
    await page.waitForLoadState('load');
    expect(await detectConsentBanner(page)).toMatchObject({ detected: true, method: 'heuristic:frame@iframe' });
    expect((await clickConsent(page, 'accept')).clicked).toBe('heuristic:frame@iframe button "Allow all cookies"');
    const frame = page.frames().find((f) => f.url().startsWith(other))!;
    expect(await frame.evaluate('document.body.dataset.choice')).toBe('accept');
  });

  it('detects nothing on a page with only a policy link, a sticky header and a newsletter dialog, within the budget', async () => {
    const page = await open('/plain');
    const [banner, ms] = await timed(detectConsentBanner(page));
    expect(banner).toEqual({ detected: false, method: null, selector: null });
    expect(ms).toBeLessThan(2500); // 2 s budget, plus scheduling slack on a busy machine
    const [click, ms2] = await timed(clickConsent(page, 'accept'));
    expect(click).toEqual({ clicked: null });
    expect(ms2).toBeLessThan(2500);
    expect(page.url()).toBe(`${base}/plain`);
  });

  it('accepting sets the consent cookie and loads the tag; declining does neither', async () => {
    const page = await open('/tag');
    expect((await detectConsentBanner(page)).method).toBe('heuristic:named');
    expect((await clickConsent(page, 'accept')).clicked).toBe('heuristic:named #ok "Accept"');
    await page.waitForFunction('window.__tagLoaded === true', undefined, { timeout: 3000 });
    expect((await context.cookies()).map((c) => `${c.name}=${c.value}`)).toContain('consent=yes');
    expect(requested).toContain('/tag.js');

    await context.clearCookies();
    const other = await open('/tag');
    expect((await clickConsent(other, 'reject')).clicked).toBe('heuristic:named #decline "Decline"');
    expect(await other.evaluate('window.__tagLoaded === true')).toBe(false);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('consent');
  });

  it('falls back to autoconsent rules for a CMP it does not know (Ketch, Polish wording)', async () => {
    const page = await open('/ketch');
    const banner = await detectConsentBanner(page);
    expect(banner).toMatchObject({ detected: true, method: 'autoconsent:ketch' });
    const { clicked } = await clickConsent(page, 'accept');
    expect(clicked).toBe('autoconsent:ketch opt-in');
    expect(await page.evaluate('window.__choice')).toBe('accept');
  });

  it('never throws, even on a closed page', async () => {
    const page = await open('/onetrust');
    await page.close();
    expect(await detectConsentBanner(page)).toEqual({ detected: false, method: null, selector: null });
    expect(await clickConsent(page, 'reject')).toEqual({ clicked: null });
  });
});
