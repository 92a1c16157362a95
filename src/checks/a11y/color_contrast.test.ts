import { check } from './color_contrast.js';
import { axeRuleTable } from './support/axe-rule-table.js';

axeRuleTable(check, {
  rule: 'color-contrast',
  impact: 'serious',
  node: {
    target: 'footer p.muted',
    html: '<p class="muted">© 2026 Example Ltd</p>',
    summary: 'Fix any of the following: Element has insufficient color contrast of 2.32 (foreground color: #aaaaaa, background color: #ffffff, font size: 9.8pt (13px), font weight: normal). Expected contrast ratio of 4.5:1',
  },
});

import { describe, expect, it } from 'vitest';
import { findingsOf, makeBundle, makeRequest } from '../test-support.js';
import { auditedPage, violation } from './support/axe-test-data.js';
import { check as otherWcag } from './other_wcag_violations.js';
import { check as ariaHiddenFocus } from './aria_hidden_focus.js';

describe('pages laid out without stylesheets the audit could not load', () => {
  // A WordPress export audited allowlist-only: its theme's stylesheet, named at production, was refused.
  const refusedCss = makeRequest({ url: 'https://www.castle.example-shop.co.uk/wp-content/themes/kadence/global.min.css', resource_type: 'stylesheet', status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'guard', guard_reason: 'not in QA_URL_ALLOWLIST (QA_URL_ALLOWLIST_ONLY)' });
  const contrast = violation('color-contrast', { tags: ['cat.color', 'wcag2aa', 'wcag143'], nodes: [{ target: 'footer h4', html: '<h4 class="has-theme-palette-9-color">CONTACT US</h4>', summary: 'Element has insufficient color contrast of 1.9' }] });
  const targets = violation('target-size', { tags: ['cat.sensory-and-visual-cues', 'wcag22aa', 'wcag258'], nodes: [{ target: '#mobile-drawer a', html: '<a href="/">Home</a>', summary: 'Target has insufficient size' }] });
  const unstyled = (path: string) => auditedPage(path, [contrast, targets], { requests: [refusedCss] });

  it('files a layout rule seen only there as info, not verified; other rules and styled pages count as usual', () => {
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [unstyled('/'), unstyled('/wardrobes/')] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'info', title: expect.stringMatching(/\(not verified: laid out without stylesheets the audit could not load\)$/), evidence: { not_verified: { pages: ['https://example.com/', 'https://example.com/wardrobes/'], elements: 2 } } });
    expect(findingsOf(otherWcag, makeBundle({ pages: [unstyled('/')] })).map((x) => [x.evidence!.rule, x.severity])).toEqual([['target-size', 'info']]);
    // A page that loaded its styles counts; the unstyled one is set aside and named.
    const styled = auditedPage('/about/', [contrast]);
    const [g] = findingsOf(check, makeBundle({ pages: [unstyled('/'), styled] }));
    expect(g).toMatchObject({ severity: 'warning', title: 'Text has too little contrast against its background: 1 element on 1 page', evidence: { set_aside_unstyled: { pages: ['https://example.com/'] } } });
    // Another rule (an image without alt) does not depend on styles: counted on the unstyled page.
    const alt = violation('image-alt', { impact: 'critical', tags: ['cat.text-alternatives', 'wcag2a', 'wcag111'] });
    expect(findingsOf(otherWcag, makeBundle({ pages: [auditedPage('/', [alt], { requests: [refusedCss] })] })).map((x) => x.severity)).not.toContain('info');
  });
});

describe("a refused script that writes the page's stylesheet (Tailwind's Play CDN)", () => {
  // A landing page styled by cdn.tailwindcss.com, audited allowlist-only: its classes were never turned into CSS.
  const tailwind = makeRequest({ url: 'https://cdn.tailwindcss.com/3.4.1', resource_type: 'script', status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'guard', guard_reason: 'not in QA_URL_ALLOWLIST (QA_URL_ALLOWLIST_ONLY)' });
  const contrast = violation('color-contrast', { tags: ['cat.color', 'wcag2aa', 'wcag143'], nodes: [{ target: '.hero h1', html: '<h1 class="text-white">Pest control</h1>', summary: 'Element has insufficient color contrast of 1' }] });
  // Its mobile menu is `class="hidden" aria-hidden="true"`: Tailwind's .hidden would have taken its links out of the tab order.
  const hiddenFocus = violation('aria-hidden-focus', { impact: 'serious', tags: ['cat.name-role-value', 'wcag2a', 'wcag412'], nodes: [{ target: '#mobile-menu', html: '<div id="mobile-menu" class="md:hidden hidden" aria-hidden="true">', summary: 'Focusable content should have tabindex=-1 or be removed from the DOM' }] });

  it('lays the page out without its styles: layout rules, and what display hides from the keyboard, are not verified', () => {
    const page = auditedPage('/', [contrast, hiddenFocus], { requests: [tailwind] });
    expect(findingsOf(check, makeBundle({ pages: [page] })).map((f) => f.severity)).toEqual(['info']);
    expect(findingsOf(ariaHiddenFocus, makeBundle({ pages: [page] })).map((f) => f.severity)).toEqual(['info']);
    // With Tailwind loaded, both count.
    const styled = auditedPage('/', [contrast, hiddenFocus]);
    expect(findingsOf(ariaHiddenFocus, makeBundle({ pages: [styled] })).map((f) => f.severity)).not.toContain('info');
  });
});

describe("a refused stylesheet that styles only its own widget", () => {
  // An Antora docs page audited allowlist-only: DocSearch's stylesheet on a CDN was refused; site.css loaded.
  const refused = (url: string) => makeRequest({ url, resource_type: 'stylesheet', status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'guard', guard_reason: 'not in QA_URL_ALLOWLIST (QA_URL_ALLOWLIST_ONLY)' });
  const docsearch = refused('https://cdn.jsdelivr.net/npm/@docsearch/css@3');
  const contrast = violation('color-contrast', { tags: ['cat.color', 'wcag2aa', 'wcag143'], total: 2, nodes: [
    { target: '.hljs-comment', html: '<span class="hljs-comment"># a comment</span>', summary: 'Element has insufficient color contrast of 2.77' },
    { target: '.DocSearch-Button-Placeholder', html: '<span class="DocSearch-Button-Placeholder">Search</span>', summary: 'Element has insufficient color contrast of 1.4' },
  ] });

  it("sets aside only the widget's own elements: the page's own failures count", () => {
    const [f] = findingsOf(check, makeBundle({ pages: [auditedPage('/rubocop/usage/', [contrast], { requests: [docsearch] })] }));
    expect(f).toMatchObject({ severity: 'warning', title: 'Text has too little contrast against its background: 1 element on 1 page', evidence: { set_aside_unstyled: { elements: 1 } } });
    expect((f!.evidence!.pages as { nodes: { target: string }[] }[])[0]!.nodes.map((n) => n.target)).toEqual(['.hljs-comment']);
  });

  it('still sets the whole page aside when a stylesheet that may style anything was refused too', () => {
    const theme = refused('https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/css/bootstrap.min.css');
    const [f] = findingsOf(check, makeBundle({ pages: [auditedPage('/', [contrast], { requests: [docsearch, theme] })] }));
    expect(f).toMatchObject({ severity: 'info' });
  });
});

describe('stylesheets that only declare fonts', () => {
  it('do not set a page aside when they are all the audit could not load (Google Fonts, Font Awesome)', async () => {
    const { isFontStylesheet } = await import('./support/violations.js');
    for (const u of ['https://fonts.googleapis.com/css2?family=Inter', 'https://cdnjs.cloudflare.com/ajax/libs/font-awesome/6.5.1/css/all.min.css', 'https://cdn.jsdelivr.net/npm/bootstrap-icons@1.11.3/font/bootstrap-icons.min.css', 'https://example.com/assets/css/fontawesome.css', 'https://example.com/css/fonts.css', 'https://cdnjs.cloudflare.com/ajax/libs/academicons/1.8.6/css/academicons.min.css']) expect(isFontStylesheet(u), u).toBe(true);
    for (const u of ['https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/css/bootstrap.min.css', 'https://example.com/wp-content/themes/kadence/global.min.css', 'https://example.com/css/splide.min.css']) expect(isFontStylesheet(u), u).toBe(false);
    const fonts = makeRequest({ url: 'https://fonts.googleapis.com/css2?family=Open+Sans', resource_type: 'stylesheet', status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'guard' });
    const contrast = violation('color-contrast', { tags: ['cat.color', 'wcag2aa', 'wcag143'] });
    expect(findingsOf(check, makeBundle({ pages: [auditedPage('/', [contrast], { requests: [fonts] })] })).map((f) => f.severity)).toEqual(['warning']);
  });
});
