import { describe, expect, it } from 'vitest';
import { findingsOf, makeBundle, makePage, outcomeOf } from '../test-support.js';
import { check } from './not_measured.js';
import { auditedPage, axeRecord, violation } from './support/axe-test-data.js';
import { check as colorContrast } from './color_contrast.js';

const timedOut = (path: string, over = {}) => auditedPage(path, [], { accessibility: axeRecord([], { error: 'axe run: timed out after 29800 ms', passes: 0, incomplete: 0, crawl_error: 'axe run: timed out after 9564 ms', ...over }) });

describe('a11y.not_measured', () => {
  it('passes when axe ran on every page, and when it was not asked to run (no record)', () => {
    expect(findingsOf(check, makeBundle({ pages: [auditedPage('/', []), auditedPage('/a', [violation('color-contrast')])] }))).toEqual([]);
    expect(outcomeOf(check, makeBundle({ pages: [makePage()] }))).toBe('passed');
  });

  it('ignores error pages, other sites and a final URL another visit checked', () => {
    const pages = [
      auditedPage('/', []),
      { ...timedOut('/x'), status: 404 },
      { ...timedOut('/sso'), final_url: 'https://login.idp.test/authorize' },
      { ...timedOut('/again'), final_url: 'https://example.com/' },
    ];
    expect(findingsOf(check, makeBundle({ pages }))).toEqual([]);
  });

  it('flags a page whose axe run failed (in the crawl and alone) as not measured, a warning that keeps the section from A', () => {
    const pages = [auditedPage('/', []), timedOut('/en/numerics/fftw-tutorial/')];
    const [f, ...rest] = findingsOf(check, makeBundle({ pages }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ check_id: 'a11y.not_measured', section: 'accessible', severity: 'warning', title: 'Accessibility was not checked on 1 page' });
    expect(f!.evidence).toMatchObject({
      page: 'https://example.com/en/numerics/fftw-tutorial/', pages_total: 1,
      pages: [{ url: 'https://example.com/en/numerics/fftw-tutorial/', error: 'axe run: timed out after 29800 ms', crawl_error: 'axe run: timed out after 9564 ms' }],
    });
    // The axe-backed checks skip that page: without this finding the section would read as clean.
    expect(findingsOf(colorContrast, makeBundle({ pages }))).toEqual([]);
  });

  it('still reports when axe failed on every page (the axe-backed checks are then not applicable)', () => {
    const bundle = makeBundle({ pages: [timedOut('/'), timedOut('/a'), timedOut('/a#top')] });
    expect(outcomeOf(colorContrast, bundle)).toBe('not_applicable');
    const [f] = findingsOf(check, bundle);
    expect(f).toMatchObject({ severity: 'warning', title: 'Accessibility was not checked on 2 pages' });
    expect(f!.evidence).toMatchObject({ page: null, pages_total: 2 });
  });

  it('says, at info, that pages where axe only ran out of time in the crawl were not tried again alone: the audit\'s load, not the site', () => {
    const crawlOnly = (path: string) => auditedPage(path, [], { accessibility: axeRecord([], { error: 'axe run: timed out after 6650 ms', passes: 0, incomplete: 0 }) });
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [auditedPage('/', []), crawlOnly('/a'), crawlOnly('/b')] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'info', title: 'Accessibility was not checked on 2 pages where axe did not finish during the crawl (not tried again alone)', evidence: { failed_alone_too: 0 } });
    // One page that failed alone as well weighs: a warning, the others listed with it.
    expect(findingsOf(check, makeBundle({ pages: [auditedPage('/', []), crawlOnly('/a'), timedOut('/b')] }))[0]).toMatchObject({ severity: 'warning', title: 'Accessibility was not checked on 2 pages', evidence: { failed_alone_too: 1 } });
    // No page measured at all: nothing for the grade to stand on.
    expect(findingsOf(check, makeBundle({ pages: [crawlOnly('/'), crawlOnly('/a')] }))[0]).toMatchObject({ severity: 'warning' });
  });

  it('says, at info, that pages which showed nothing gave the check nothing to read (their A covers nothing)', () => {
    const blank = (path: string) => { const p = auditedPage(path, []); return { ...p, dom: { ...p.dom!, rendered_blank: true as const } }; };
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [auditedPage('/', []), blank('/addons/'), blank('/docs/')] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'info', title: 'Accessibility was not checked on 2 pages that showed nothing when loaded here', evidence: { pages_total: 2 } });
  });
});
