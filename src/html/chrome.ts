// Shared page chrome: the HTML document shell, header and footer around every page we serve.
import { escapeHtml } from './escape.js';
import { PAGE_CSS, PAGE_CSS_SHA256 } from './styles.js';

/** Where the server serves our page scripts (see src/web/assets.ts). */
export const ASSET_PATHS = {
  reportJs: '/assets/report.js',
  landingJs: '/assets/landing.js',
  appJs: '/assets/app.js',
} as const;

/**
 * The Content-Security-Policy our pages are written for: no inline script, the one inline
 * stylesheet allowed by hash, scripts and event streams from our own origin only.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src 'sha256-${PAGE_CSS_SHA256}'`,
  "connect-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export interface DocumentOptions {
  title: string;
  body: string;
  /** Report and share pages are unlisted: keep them out of search engines. */
  noindex: boolean;
  /** Same-origin script paths, loaded with `defer`. */
  scripts?: string[];
  /** Extra trusted markup for <head> (e.g. a <noscript> refresh); callers escape what they put in. */
  head?: string;
  /** Small-print lines under the page; trusted markup (callers escape). */
  footer?: string[];
}

const DEFAULT_FOOTER = ['siteqa audits public pages in a real browser; deterministic checks grade the evidence.'];

const NAV = `<nav class="site-nav" aria-label="Site"><a href="/">New audit</a><a href="/app">Dashboard</a><a href="/docs">Check docs</a><a href="/api/v1/docs">API</a></nav>`;

export function renderDocument(opts: DocumentOptions): string {
  const scripts = (opts.scripts ?? [])
    .map((src) => `<script src="${escapeHtml(src)}" defer></script>`)
    .join('');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    opts.noindex ? '<meta name="robots" content="noindex,nofollow">' : '',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(opts.title)}</title>`,
    `<style>${PAGE_CSS}</style>`,
    opts.head ?? '',
    scripts,
    '</head>',
    '<body>',
    '<a class="skip" href="#main">Skip to content</a>',
    `<header class="site-header"><div class="wrap"><a class="brand" href="/">siteqa<span>website QA</span></a>${NAV}</div></header>`,
    `<main id="main" class="wrap">${opts.body}</main>`,
    `<footer class="site-footer"><div class="wrap">${(opts.footer ?? DEFAULT_FOOTER).map((l) => `<p>${l}</p>`).join('')}</div></footer>`,
    '</body>',
    '</html>',
  ]
    .filter(Boolean)
    .join('\n');
}
