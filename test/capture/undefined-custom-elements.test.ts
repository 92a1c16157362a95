// Icon components from a CDN (ionicons' <ion-icon>, which gives itself role="img" and a label from its
// name): when the audit refuses their script, a button holding only an icon has no name here that a
// visitor's browser would give it. Such elements are not verified (info); the same markup with no
// script at all is the site's own defect. Real Chromium.
import { describe, expect, it } from 'vitest';
import { loopbackSite } from '../support/loopback-site.js';

const page = (withScript: boolean) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>vCard</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main><h1>Richard hanrick</h1>
<button class="info_more-btn"><ion-icon name="chevron-down"></ion-icon></button>
<a class="social-link" href="/"><ion-icon name="logo-facebook"></ion-icon></a>
</main>${withScript ? '<script type="module" src="https://unpkg.siteqa-nowhere.invalid/ionicons@5.5.2/dist/ionicons/ionicons.esm.js"></script>' : ''}</body></html>`;

// An Angular app's component tags are never registered as custom elements: they match :not(:defined)
// although their script ran and rendered them. A social link holding only an aria-hidden icon is unnamed
// whatever the audit refused (here a tag manager's loader and a CDN's animation script).
const angular = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portfolio</title></head><body>
<app-root><main><h1>About</h1><div class="social-icons"><a href="https://github.com/example"><app-common-icon><fa-icon class="ng-fa-icon"><svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16"><path d="M0 0h16v16H0z"/></svg></fa-icon></app-common-icon></a></div></main></app-root>
<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABCDEF1234"></script>
<script src="https://cdn.siteqa-nowhere.invalid/wow/1.1.2/wow.min.js"></script></body></html>`;

describe('custom elements whose script the audit could not load', () => {
  const site = loopbackSite((_req, res, { path }) => {
    const body = path === '/' ? page(true) : path === '/bare/' ? page(false) : path === '/angular/' ? angular : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? 'not found');
  });

  it('are not verified when the audit refused the script defining them', async () => {
    const { bundle, report } = await site.audit('/', { maxPages: 1, allowlistOnly: true });
    const node = bundle.pages[0]!.accessibility!.violations.find((v) => v.id === 'button-name')!.nodes[0]!;
    expect(node.undefined_element).toBe(true);
    const named = (report.findings ?? []).filter((f) => f.check_id === 'a11y.button_name' || f.check_id === 'a11y.link_name');
    expect(named.map((f) => [f.check_id, f.severity])).toEqual([['a11y.button_name', 'info'], ['a11y.link_name', 'info']]);
    expect(named[0]!.title).toContain('not verified: built without a script the audit could not load');
  });

  it("are the site's defect when no script defines them", async () => {
    const { report } = await site.audit('/bare/', { maxPages: 1, allowlistOnly: true });
    expect((report.findings ?? []).find((f) => f.check_id === 'a11y.button_name')).toMatchObject({ severity: 'critical' });
  });

  it("are not a framework's component tags, which hold what they rendered: an unnamed link there is the site's defect", async () => {
    const { bundle, report } = await site.audit('/angular/', { maxPages: 1, allowlistOnly: true });
    const node = bundle.pages[0]!.accessibility!.violations.find((v) => v.id === 'link-name')!.nodes[0]!;
    expect(node.undefined_element).toBeUndefined();
    expect((report.findings ?? []).find((f) => f.check_id === 'a11y.link_name')).toMatchObject({ severity: 'warning' });
  });
});
