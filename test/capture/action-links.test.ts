// A members' area whose every page links "Log out" and "Delete my account" as plain links (a GET does
// the action, as on many older sites) and whose sitemap lists an unsubscribe address: the audit never
// requests any of them, neither as a page nor as a link check, and says which it left alone. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const page = (title: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>
<header><nav aria-label="Account"><a href="/">Home</a> <a href="/guide/">Guide</a> <a href="/account/logout">Log out</a> <a href="/account/delete?confirm=1">Delete my account</a></nav></header>
<main><h1>${title}</h1><p>Welcome back.</p></main></body></html>`;

describe('links that name an action', () => {
  const actions: string[] = [];
  const site = loopbackSite((_req, res, { origin, path }) => {
    if (/logout|delete|unsubscribe/.test(path)) actions.push(path);
    if (path === '/sitemap.xml') {
      return void res.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/</loc></url><url><loc>${origin}/newsletter/unsubscribe</loc></url></urlset>`);
    }
    const body = path === '/' ? page('Members') : path === '/guide/' ? page('Guide') : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? 'not found');
  });

  it('are never requested, and a note names them', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 5 });
    expect(actions).toEqual([]);
    expect(bundle.pages.map((p) => new URL(p.final_url).pathname).sort()).toEqual(['/', '/guide/']);
    expect(report.notes?.some((n) => /^3 links of the site name an action a visit could set off \(log out, delete, unsubscribe, checkout: \/account\/logout, \/account\/delete, \/newsletter\/unsubscribe\): not visited, and not checked$/.test(n))).toBe(true);
  });
});
