import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { REPORT_PAGE_JS } from '../report/html.js';
import { WEB_ASSETS } from '../api/pages/assets.js';
import { ASSET_PATHS, PAGE_CSP } from '../html/chrome.js';
import { LANDING_JS, renderLandingHtml, renderNotFoundHtml } from './landing.js';
import { PAGE_CSS, PAGE_CSS_SHA256 } from '../html/styles.js';

describe('renderLandingHtml', () => {
  const html = renderLandingHtml({ apiBase: '/api/v1' });

  it('has the URL box, the Audit button, and links to the API and check docs', () => {
    expect(html).toMatch(/<input id="audit-url" name="url"[^>]*>/);
    expect(html).toContain('<label for="audit-url">Website address</label>');
    expect(html).toMatch(/<button[^>]*type="submit">Audit<\/button>/);
    expect(html).toContain('data-api-base="/api/v1"');
    expect(html).toContain('href="/api/v1/docs"');
    expect(html).toContain('href="/docs"');
  });

  it('loads its script from our asset path and has no inline script or style attribute', () => {
    expect(html).toContain(`<script src="${ASSET_PATHS.landingJs}" defer></script>`);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(html).not.toContain('style="');
  });

  it('escapes the API base', () => {
    expect(renderLandingHtml({ apiBase: '/x"><b>' })).toContain('data-api-base="/x&quot;&gt;&lt;b&gt;"');
  });
});

describe('renderNotFoundHtml', () => {
  it('is a noindex page that says the report was not found', () => {
    const html = renderNotFoundHtml();
    expect(html).toContain('<meta name="robots" content="noindex,nofollow">');
    expect(html).toContain('<h1>Report not found</h1>');
  });
});

describe('assets and CSP', () => {
  it('serves both page scripts at the paths the pages reference', () => {
    expect(WEB_ASSETS[ASSET_PATHS.reportJs].body).toBe(REPORT_PAGE_JS);
    expect(WEB_ASSETS[ASSET_PATHS.landingJs].body).toBe(LANDING_JS);
    for (const a of Object.values(WEB_ASSETS)) expect(a.contentType).toMatch(/^text\/javascript/);
  });

  it('allows the inline stylesheet by the hash of exactly what the pages embed', () => {
    const expected = createHash('sha256').update(PAGE_CSS).digest('base64');
    expect(PAGE_CSS_SHA256).toBe(expected);
    expect(PAGE_CSP).toContain(`style-src 'sha256-${expected}'`);
    expect(PAGE_CSP).toContain("script-src 'self'");
    expect(renderNotFoundHtml()).toContain(`<style>${PAGE_CSS}</style>`);
    expect(PAGE_CSS).not.toMatch(/<\/style|url\(|@import/i);
  });

  it('page scripts parse, and never write HTML from event or API data', () => {
    for (const js of [REPORT_PAGE_JS, LANDING_JS]) {
      expect(js).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/);
      expect(() => new Function(js)).not.toThrow();
    }
  });
});
