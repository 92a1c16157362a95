// The factory behind every dedicated axe check: aggregation over pages, caps, severity and evidence.
import { describe, expect, it } from 'vitest';
import { findingsOf, makeBundle, makePage } from '../../test-support.js';
import { axeRuleCheck, checkIdFor } from './axe-rule.js';
import { auditedPage, axeRecord, violation } from './axe-test-data.js';

const check = axeRuleCheck('color-contrast', { title: 'Low contrast', impact: 'Hard to read.', axeImpact: 'serious' });
const contrast = (over = {}) =>
  violation('color-contrast', { impact: 'serious', tags: ['cat.color', 'wcag2aa', 'wcag143', 'EN-301-549'], help: 'Elements must meet minimum color contrast ratio thresholds', ...over });
const nodes = (n: number, prefix = 'p') =>
  Array.from({ length: n }, (_, i) => ({ target: `${prefix}:nth-child(${i + 1})`, html: `<p>${'x'.repeat(400)}</p>`, summary: `ratio 2.${i}` }));

describe('axeRuleCheck', () => {
  it('derives id, docs and default severity from the rule and its declared impact', () => {
    expect(checkIdFor('aria-valid-attr-value')).toBe('a11y.aria_valid_attr_value');
    expect(check.meta).toMatchObject({
      id: 'a11y.color_contrast', section: 'accessible', severity: 'warning', title: 'Low contrast',
      docs: '/docs/checks/a11y.color_contrast', requires: ['accessibility'], thresholds: { axe_rule: 'color-contrast', axe_impact: 'serious' },
    });
    expect(axeRuleCheck('image-alt', { title: 't', impact: 'i', axeImpact: 'critical' }).meta.severity).toBe('critical');
    expect(axeRuleCheck('aria-deprecated-role', { title: 't', impact: 'i', axeImpact: 'minor' }).meta.severity).toBe('info');
  });

  it('aggregates one rule over pages: element counts, most affected page first, WCAG criteria', () => {
    const pages = [
      auditedPage('/', [contrast({ nodes: nodes(2), total: 2 })]),
      auditedPage('/pricing', [contrast({ nodes: nodes(25), total: 61 })]),
      auditedPage('/clean', []),
    ];
    const [f, ...rest] = findingsOf(check, makeBundle({ pages }));
    expect(rest).toEqual([]);
    expect(f!.title).toBe('Low contrast: 63 elements on 2 pages');
    expect(f!.evidence).toMatchObject({
      rule: 'color-contrast', impact: 'serious', wcag: ['1.4.3'], levels: ['WCAG 2.0 AA'], elements: 63, pages_total: 2, page: null,
    });
    const listed = f!.evidence!.pages as { url: string; elements: number; nodes: { target: string; html: string }[] }[];
    expect(listed.map((p) => [p.url, p.elements, p.nodes.length])).toEqual([
      ['https://example.com/pricing', 61, 5],
      ['https://example.com/', 2, 2],
    ]);
    expect(listed[0]!.nodes[0]!.html.length).toBeLessThanOrEqual(160);
    expect(f!.evidence!.locator).toBe('a11y.color_contrast · / · 2026-01-01T00:00:00.000Z');
  });

  it('caps the page list at 20 and says how many pages there were', () => {
    const pages = Array.from({ length: 23 }, (_, i) => auditedPage(`/p${i}`, [contrast()]));
    const [f] = findingsOf(check, makeBundle({ pages }));
    expect(f!.evidence).toMatchObject({ pages_total: 23, elements: 23 });
    expect((f!.evidence!.pages as unknown[]).length).toBe(20);
  });

  it('takes the worst impact axe reported on any page for the severity', () => {
    const pages = [auditedPage('/', [contrast({ impact: 'moderate' })]), auditedPage('/a', [contrast({ impact: 'critical' })])];
    expect(findingsOf(check, makeBundle({ pages }))[0]).toMatchObject({ severity: 'critical', evidence: expect.objectContaining({ impact: 'critical' }) });
    const minor = [auditedPage('/', [contrast({ impact: 'minor' })])];
    expect(findingsOf(check, makeBundle({ pages: minor }))[0]!.severity).toBe('info');
  });

  it('falls back to the declared severity when axe reports no impact', () => {
    const [f] = findingsOf(check, makeBundle({ pages: [auditedPage('/', [contrast({ impact: null })])] }));
    expect(f!.severity).toBe('warning');
  });

  it('skips error pages, pages where axe failed, duplicate final URLs and pages that left the site', () => {
    const pages = [
      auditedPage('/', []),
      auditedPage('/404', [contrast()], { status: 404 }),
      auditedPage('/dup', [contrast()], { final_url: 'https://example.com/' }),
      auditedPage('/login', [contrast()], { final_url: 'https://login.idp.test/authorize' }),
      makePage({ url: 'https://example.com/broken', accessibility: { engine: 'axe', violations: [contrast()], passes: 0, incomplete: 0, error: 'timeout' } }),
    ];
    expect(findingsOf(check, makeBundle({ pages }))).toEqual([]);
  });

  it('caps the severity at maxSeverity and adds supplemented violations only where axe reported none', () => {
    const capped = axeRuleCheck('color-contrast', {
      title: 'Low contrast', impact: 'Hard to read.', axeImpact: 'critical', maxSeverity: 'warning',
      supplement: (page) => [contrast({ impact: 'serious', nodes: nodes(1, `from-${page.url.split('/').pop() || 'home'}`), total: 1 })],
    });
    expect(capped.meta).toMatchObject({ severity: 'warning', thresholds: { max_severity: 'warning' } });
    const pages = [auditedPage('/', [contrast({ impact: 'critical', nodes: nodes(2), total: 2 })]), auditedPage('/b', [])];
    const [f] = findingsOf(capped, makeBundle({ pages }));
    expect(f!.severity).toBe('warning');
    const listed = f!.evidence!.pages as { url: string; nodes: { target: string }[] }[];
    expect(listed.map((p) => [p.url, p.nodes[0]!.target])).toEqual([
      ['https://example.com/', 'p:nth-child(1)'],
      ['https://example.com/b', 'from-b:nth-child(1)'],
    ]);
  });

  it('counts nodes when an older bundle lacks the total', () => {
    const legacy = { ...contrast({ nodes: nodes(3) }) } as Partial<ReturnType<typeof contrast>>;
    delete legacy.total;
    const [f] = findingsOf(check, makeBundle({ pages: [auditedPage('/', [legacy as ReturnType<typeof contrast>])] }));
    expect(f!.evidence!.elements).toBe(3);
  });

  it("adds elements failing only at a phone's width to the start page's occurrence, counting those failing at both widths once", () => {
    const buttonName = axeRuleCheck('button-name', { title: 'Buttons without a name', impact: 'Unusable.', axeImpact: 'critical' });
    const unnamed = (targets: string[]) => violation('button-name', { impact: 'critical', tags: ['wcag2a', 'wcag412'], total: targets.length, nodes: targets.map((target) => ({ target, html: '<button></button>', summary: 'no name', rect: { x: 0, y: 0, width: 40, height: 40 } })) });
    const pages = [auditedPage('/', [unnamed(['.search'])]), auditedPage('/about', [])];
    const site = { ...makeBundle().site, mobile_view: { url: 'https://example.com/', final_url: 'https://example.com/', viewport: { width: 320, height: 640 }, accessibility: axeRecord([unnamed(['.search', '.menu-toggle'])]), reflow: null } };
    const [f] = findingsOf(buttonName, makeBundle({ pages, site }));
    expect(f!.title).toBe('Buttons without a name: 2 elements on 1 page');
    const listed = f!.evidence!.pages as { url: string; elements: number; nodes: { target: string; summary: string; rect?: unknown }[] }[];
    expect(listed).toHaveLength(1);
    expect(listed[0]!.nodes.map((n) => [n.target, n.summary, n.rect !== undefined])).toEqual([
      ['.search', 'no name', true],
      ['.menu-toggle', 'At 320 px wide: no name', true],
    ]);
    // Its box is on the phone-width picture, named beside it when the view kept one.
    const shot = { image: 'img-009', x: 0, y: 0, width: 320, height: 640 };
    const pictured = findingsOf(buttonName, makeBundle({ pages, site: { ...site, mobile_view: { ...site.mobile_view, screenshot: shot } } }))[0]!;
    const nodesThen = (pictured.evidence!.pages as { nodes: { target: string; picture?: unknown }[] }[])[0]!.nodes;
    expect(nodesThen.map((n) => [n.target, n.picture ?? null])).toEqual([['.search', null], ['.menu-toggle', shot]]);
    // A rule failing only at the phone's width is a finding of its own.
    const none = makeBundle({ pages: [auditedPage('/', [])], site });
    expect(findingsOf(buttonName, none)[0]!.title).toBe('Buttons without a name: 2 elements on 1 page');
  });

  it("counts no more elements than certain when the phone-width run lists only some of many (4 scrolling blocks at 1280 px among 142 at 320 px)", () => {
    const scrollable = axeRuleCheck('scrollable-region-focusable', { title: 'Scrollable regions', impact: 'Unreachable.', axeImpact: 'serious' });
    const blocks = (targets: string[], total: number) => violation('scrollable-region-focusable', { impact: 'serious', tags: ['wcag2a', 'wcag211'], total, nodes: targets.map((target) => ({ target, html: '<pre>', summary: 'not focusable' })) });
    const wide = ['pre:nth-of-type(1)', 'pre:nth-of-type(2)', 'pre:nth-of-type(3)', 'pre:nth-of-type(4)'];
    const narrow = Array.from({ length: 25 }, (_, i) => `pre:nth-of-type(${i + 4})`);
    const site = { ...makeBundle().site, mobile_view: { url: 'https://example.com/', final_url: 'https://example.com/', viewport: { width: 320, height: 640 }, accessibility: axeRecord([blocks(narrow, 142)]), reflow: null } };
    const [f] = findingsOf(scrollable, makeBundle({ pages: [auditedPage('/', [blocks(wide, 4)])], site }));
    expect(f!.title).toBe('Scrollable regions: 142 elements on 1 page');
    // Every element listed: the distinct ones are counted exactly.
    const all = { ...site, mobile_view: { ...site.mobile_view, accessibility: axeRecord([blocks(['pre:nth-of-type(4)', 'pre.extra'], 2)]) } };
    expect(findingsOf(scrollable, makeBundle({ pages: [auditedPage('/', [blocks(wide, 4)])], site: all }))[0]!.title).toBe('Scrollable regions: 5 elements on 1 page');
  });
});
