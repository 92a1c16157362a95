// Sentence builders and the "fix these first" order, as tables of findings.
import { describe, expect, it } from 'vitest';
import type { Finding } from '../checks/types.js';
import { findingReach, findingSentence, fixFirst, whereText } from './sentences.js';

const P = 'https://shop.example';
function finding(over: Omit<Partial<Finding>, 'evidence'> & { evidence?: Record<string, unknown> }): Finding {
  const { evidence, ...rest } = over;
  const base = { check_id: 'seo.title_missing', section: 'found', tier: 'verified', severity: 'warning', title: 'A problem', impact: 'It matters.', docs: '/docs/checks/x' };
  return { ...base, ...rest, evidence: evidence ? { locator: 'x', page: null, ...evidence } : undefined } as Finding;
}

describe('findingReach', () => {
  it.each([
    [{ page: `${P}/a` }, 1],
    [{ page: null, pages: [`${P}/a`, `${P}/b`] }, 2],
    [{ page: null, pages: [{ url: `${P}/a`, elements: 3 }], pages_total: 7 }, 7],
    [{ page: null, pages_affected: 4 }, 4],
    [{ page: null }, 0],
  ])('%j reaches %i pages', (evidence, reach) => {
    expect(findingReach(finding({ evidence }))).toBe(reach);
  });
});

describe('findingSentence', () => {
  it('says what, where and how to fix', () => {
    const f = finding({ check_id: 'a11y.image_alt', title: 'Images without alternative text: 2 elements on 1 page', evidence: { page: `${P}/menu`, pages: [{ url: `${P}/menu` }], pages_total: 1 } });
    expect(findingSentence(f)).toEqual({
      what: 'Images without alternative text: 2 elements on 1 page (/menu).',
      fix: expect.stringMatching(/^Add an alt/),
    });
  });

  it.each([
    ['Server error 500 on /boom', { page: `${P}/boom` }, ''],
    ['1 page without a <title>', { page: `${P}/about`, pages: [`${P}/about`] }, ' (/about)'],
    ['No Content Security Policy on 3 pages of 3', { pages: [`${P}/`, `${P}/a`, `${P}/b`], pages_total: 3 }, ' (/, /a and 1 more)'],
    ['Tracking starts before consent', { pages: [`${P}/`, `${P}/a`, `${P}/b`] }, ' on /, /a and 1 more page'],
    ['Uncaught error: x is null', { page: `${P}/blog` }, ' on /blog'],
    ['No analytics found', {}, ''],
  ])('%s: where reads "%s"', (title, evidence, where) => {
    expect(whereText(finding({ title, evidence: evidence as Record<string, unknown> }))).toBe(where);
  });

  it('gives advisory findings no fix sentence (a model opinion is not a verified problem)', () => {
    expect(findingSentence(finding({ tier: 'advisory', title: 'Model opinion.' })).fix).toBeNull();
  });
});

describe('fixFirst', () => {
  it('orders by severity, then reach, then section; groups a check; leaves out info and advisory', () => {
    const list = [
      finding({ check_id: 'security.missing_csp', section: 'compliant', severity: 'warning', evidence: { pages_total: 9 } }),
      finding({ check_id: 'links.broken_internal', section: 'works', severity: 'warning', evidence: { page: `${P}/a` } }),
      finding({ check_id: 'links.broken_internal', section: 'works', severity: 'warning', evidence: { page: `${P}/b` } }),
      finding({ check_id: 'http.error_status', section: 'works', severity: 'critical', evidence: { page: `${P}/boom` } }),
      finding({ check_id: 'seo.twitter_card_missing', section: 'found', severity: 'info', evidence: { pages_total: 10 } }),
      finding({ check_id: 'advisory.x', section: 'advisory', tier: 'advisory', severity: 'warning' }),
      finding({ check_id: 'seo.noindex', section: 'found', severity: 'warning', evidence: { page: `${P}/c` } }),
    ];
    const items = fixFirst(list);
    expect(items.map((i) => [i.check_id, i.reach, i.findings])).toEqual([
      ['http.error_status', 1, 1],
      ['security.missing_csp', 9, 1],
      ['links.broken_internal', 2, 2],
      ['seo.noindex', 1, 1],
    ]);
    expect(fixFirst(list, 2)).toHaveLength(2);
  });

  it('lets a critical finding of a check lead its group', () => {
    const warn = finding({ check_id: 'http.x', severity: 'warning', evidence: { page: `${P}/a` } });
    const crit = finding({ check_id: 'http.x', severity: 'critical', evidence: { page: `${P}/b` } });
    expect(fixFirst([warn, crit])[0]).toMatchObject({ severity: 'critical', first: crit, reach: 2 });
  });
});
