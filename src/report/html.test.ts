import { describe, expect, it } from 'vitest';
import { SECTIONS, type CheckResult, type Finding, type SectionName, type Severity } from '../checks/types.js';
import { grade } from '../grading/grade.js';
import { sortFindings, type Report } from './build.js';
import { renderReportHtml } from './html.js';
import { ADVISORY_LABEL } from './html/findings.js';
import { PARTIAL_EXPLANATION } from './html/measured.js';
import { check as duplicateId } from '../checks/a11y/duplicate_id.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../checks/test-support.js';

const OPTS = { eventsUrl: '/api/v1/audits/run-1/events', docsBase: '' };

function finding(check_id: string, section: SectionName, severity: Severity, title: string, extra: Record<string, unknown> = {}): Finding {
  return {
    check_id, section, tier: 'verified', severity, title, impact: `Impact of ${check_id}.`, docs: `/docs/checks/${check_id}`,
    evidence: { locator: `${check_id} · /p · 2025-01-01T00:00:00.000Z`, page: 'https://site.example/p', ...extra },
  };
}

const advisory: Finding = {
  check_id: 'advisory.analyze', section: 'found', tier: 'advisory', severity: 'info', title: 'Model thinks the copy is thin',
  impact: 'A model read the page.', docs: '/docs/checks/advisory.analyze', note: 'The home page has little text. <b>x</b>',
};

function report(findings: Finding[], over: Partial<Report> = {}): Report {
  const all = sortFindings(findings);
  const checks: CheckResult[] = [{ id: 'tracking.none_detected', section: 'measured', outcome: 'passed', reason: null, findings: 0 }];
  return {
    report_version: 1, run_id: 'run-1', url: 'https://site.example/', status: 'succeeded', failure_reason: null,
    created_at: '2025-01-01T00:00:00.000Z', finished_at: '2025-01-01T00:02:00.000Z', report_url: '/r/tok',
    partial: false, sections: grade(all), flows: { graded: false, flows: [] }, findings: all, checks, pages: [],
    rubric_version: 1, evidence_schema_version: 1, ...over,
  };
}

const sample = () =>
  report([
    finding('http.error_status', 'works', 'warning', 'Client error 404 on /old'),
    finding('http.error_status', 'works', 'critical', 'Server error 500 on /checkout'),
    finding('a11y.image_alt', 'accessible', 'warning', 'Image without alt text'),
    finding('security.missing_csp', 'compliant', 'info', 'No CSP'),
    advisory,
  ]);

describe('renderReportHtml: a finished run', () => {
  it('puts the grade cards in the fixed section order, each with its letter', () => {
    const r = sample();
    const html = renderReportHtml(r, OPTS);
    const cards = SECTIONS.map((s) => html.indexOf(`href="#section-${s}"`));
    expect(cards.every((i) => i > 0)).toBe(true);
    expect([...cards].sort((a, b) => a - b)).toEqual(cards);
    for (const s of SECTIONS) {
      const letter = r.sections![s].grade;
      const card = html.slice(html.indexOf(`href="#section-${s}"`), html.indexOf('</a>', html.indexOf(`href="#section-${s}"`)));
      expect(card).toContain(`<span class="grade grade-${letter}"><span class="sr-only">Grade </span>${letter}</span>`);
    }
  });

  it('groups findings by section in order, critical first within a section', () => {
    const html = renderReportHtml(sample(), OPTS);
    const heads = SECTIONS.map((s) => html.indexOf(`id="section-${s}"`));
    expect([...heads].sort((a, b) => a - b)).toEqual(heads);
    // The fix-first list above the findings names some of them too: look below its end.
    const from = html.indexOf('id="findings-title"');
    expect(html.indexOf('id="fix-first-title"')).toBeLessThan(from);
    const critical = html.indexOf('Server error 500 on /checkout', from);
    const warning = html.indexOf('Client error 404 on /old', from);
    expect(critical).toBeGreaterThan(heads[0]);
    expect(critical).toBeLessThan(warning);
    expect(warning).toBeLessThan(heads[1]);
    const image = html.indexOf('Image without alt text', from);
    expect(image).toBeGreaterThan(heads[SECTIONS.indexOf('accessible')]);
    expect(image).toBeLessThan(heads[SECTIONS.indexOf('compliant')]);
  });

  it('labels advisory findings as model opinion and shows their note; verified ones carry no label', () => {
    const html = renderReportHtml(sample(), OPTS);
    const articles = html.split('<article').slice(1);
    const adv = articles.filter((a) => a.includes('data-tier="advisory"'));
    expect(adv).toHaveLength(1);
    expect(adv[0]).toContain(ADVISORY_LABEL);
    expect(adv[0]).toContain('The home page has little text. &lt;b&gt;x&lt;/b&gt;');
    expect(articles.filter((a) => !a.includes('data-tier="advisory"') && a.includes(ADVISORY_LABEL))).toHaveLength(0);
  });

  it('says plainly when a section has no findings', () => {
    const html = renderReportHtml(sample(), OPTS);
    expect(html).toContain('No findings in Measured. 1 check passed.');
    expect(html).toContain('No findings in Fast.');
  });

  it('shows no composite or numeric score anywhere', () => {
    const text = renderReportHtml(sample(), OPTS).replace(/<style>[\s\S]*?<\/style>/, '').replace(/<[^>]+>/g, ' ');
    expect(text).not.toMatch(/score/i);
    expect(text).not.toMatch(/\d+\s*\/\s*100|\d+\s*%|overall/i);
  });

  it('links "How to fix" to the doc path under docsBase and never links a hostile docs value', () => {
    expect(renderReportHtml(sample(), OPTS)).toContain('href="/docs/checks/http.error_status"');
    const abs = renderReportHtml(sample(), { ...OPTS, docsBase: 'https://qa.example/' });
    expect(abs).toContain('href="https://qa.example/docs/checks/http.error_status"');
    const bad = { ...finding('x.y', 'works', 'info', 't'), docs: 'javascript:alert(1)' };
    expect(renderReportHtml(report([bad]), OPTS)).not.toContain('javascript:');
  });

  it('says how a page no link leads to was reached, with the clicks escaped', () => {
    const clicked = { url: 'https://site.example/reports', final_url: 'https://site.example/reports', status: 200, title: 'Reports', navigation_error: null,
      reached_by: { from: 'https://site.example/', clicks: ['Reports <b>'], route: 'push_state' as const, after_click: false } };
    const state = { ...clicked, url: 'https://site.example/', final_url: 'https://site.example/', reached_by: { ...clicked.reached_by, clicks: ['Changelog'], route: 'none' as const, after_click: true } };
    const html = renderReportHtml(report([], { pages: [clicked, state] }), OPTS);
    expect(html).toContain('Reached by clicking “Reports &lt;b&gt;” on /');
    expect(html).toContain('Reached by clicking “Changelog” on / (as it stood right after the click)');
    // The state at an unchanged address is the page seen again, not another page.
    expect(html).toContain('<li>1 page visited (and 1 state reached by clicking)</li>');
  });

  it('shows an id a shared layout doubles on every page as one finding naming the pages, each page\'s selectors in its evidence', () => {
    const toc = { id: 'TableOfContents', count: 2, tags: ['nav'], in_svg: false, referenced_by: [], selectors: ['html > body > main > div > header > aside > nav', 'html > body > main > aside.book-toc > div > nav'] };
    const pages = ['/', '/en/', '/en/physics/', '/en/numerics/'].map((path) =>
      makePage({ url: `https://site.example${path}`, dom: makeDom({ heading_outline: [], duplicate_ids: [toc] }) }));
    const findings = findingsOf(duplicateId, makeBundle({ pages }));
    const html = renderReportHtml(report(findings), OPTS);
    const articles = html.split('<article').slice(1).filter((a) => a.includes('data-check="a11y.duplicate_id"'));
    expect(articles).toHaveLength(1);
    expect(articles[0]).toContain('<h4>The id &quot;TableOfContents&quot; is used by 2 elements on each of 4 pages (/, /en/ and 2 more).</h4>');
    expect(articles[0]).toContain('html &gt; body &gt; main &gt; aside.book-toc &gt; div &gt; nav');
    expect(articles[0]).toContain('https://site.example/en/numerics/');
    // Where it is: the pages it lists, not "Site-wide".
    expect(articles[0]).toContain('<p class="where muted">On 4 pages (listed below)</p>');
    expect(html).toContain('1 info finding (never change the grade)');
  });

  it('says a finding about the site is site-wide, and one listing pages is on those pages', () => {
    const siteLevel = { ...finding('seo.sitemap_missing', 'found', 'warning', 'No sitemap'), evidence: { locator: 'x', page: null, tried: ['/sitemap.xml'] } };
    const listing = { ...finding('seo.title_duplicate', 'found', 'warning', 'Same title'), evidence: { locator: 'y', page: null, pages: [{ url: 'https://site.example/a' }, { url: 'https://site.example/b' }, { url: 'https://site.example/c' }], pages_total: 7 } };
    const html = renderReportHtml(report([siteLevel, listing]), OPTS);
    const article = (id: string) => html.split('<article').find((a) => a.includes(`data-check="${id}"`))!;
    expect(article('seo.sitemap_missing')).toContain('<p class="where muted">Site-wide</p>');
    expect(article('seo.title_duplicate')).toContain('<p class="where muted">On 7 pages (listed below)</p>');
  });

  it('explains a partial run, and is byte-identical when rendered twice', () => {
    const r = report([finding('http.error_status', 'works', 'critical', 'x')], { partial: true });
    const html = renderReportHtml(r, OPTS);
    expect(html).toContain(PARTIAL_EXPLANATION);
    expect(renderReportHtml(r, OPTS)).toBe(html);
  });

  it('is an unlisted, self-contained document: noindex, viewport, no scripts, no external assets, no style attributes', () => {
    const html = renderReportHtml(sample(), OPTS);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<meta name="robots" content="noindex,nofollow">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).not.toMatch(/<script|<link|<img|@import|url\(|style="/i);
  });
});

describe('renderReportHtml: hostile site content', () => {
  const evil = '<img src=x onerror=alert(1)>';
  const r = report([
    finding('http.error_status', 'works', 'critical', `Title ${evil}`, {
      console: '</script><script>alert(2)</script>',
      link: 'javascript:alert(3)',
      attr: 'https://site.example/"onmouseover="alert(4)',
    }),
  ], { url: `https://site.example/?q=${evil}`, pages: [{ url: 'https://site.example/', final_url: 'https://site.example/', status: 200, title: evil, navigation_error: null }] });
  const html = renderReportHtml(r, OPTS);

  it('escapes titles, page titles and evidence so no markup is injected', () => {
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/<\/?script/i);
    expect(html).toContain('Title &lt;img src=x onerror=alert(1)&gt;');
  });

  it('never lets a value break out of an attribute or become a javascript: link', () => {
    expect(html).not.toMatch(/"\s*onmouseover=/i);
    expect(html).not.toMatch(/href="\s*javascript:/i);
    expect(html).toContain('javascript:alert(3)');
    for (const [, href] of html.matchAll(/<a [^>]*href="([^"]*)"/g)) expect(href).toMatch(/^(https?:\/\/|\/|#)/);
  });

  it('marks every link to the audited site nofollow', () => {
    for (const [tag] of html.matchAll(/<a [^>]*href="https?:[^>]*>/g)) expect(tag).toContain('rel="noopener noreferrer nofollow"');
  });
});

describe('renderReportHtml: failed and unfinished runs', () => {
  const head = { report_version: 1, run_id: 'run-9', url: 'https://site.example/', created_at: '2025-01-01T00:00:00Z', finished_at: null, report_url: '/r/t' };

  it('shows the failure reason prominently and no grades for a failed or blocked run', () => {
    for (const status of ['failed', 'blocked']) {
      const html = renderReportHtml({ ...head, status, failure_reason: 'DNS lookup failed <b>' , sections: grade([]) }, OPTS);
      expect(html).toContain('<p class="failure-reason">DNS lookup failed &lt;b&gt;</p>');
      expect(html).not.toContain('class="grade');
      expect(html).not.toContain('Findings</h2>');
    }
  });

  it('renders a progress page for a queued or running run: external script, event stream URL, no-JS refresh', () => {
    for (const status of ['queued', 'running']) {
      const html = renderReportHtml({ ...head, status, failure_reason: null }, { ...OPTS, eventsUrl: '/api/v1/audits/run-9/events?x="y"' });
      expect(html).toContain('<script src="/assets/report.js" defer></script>');
      expect(html).toContain('data-events-url="/api/v1/audits/run-9/events?x=&quot;y&quot;"');
      expect(html).toContain('<noscript><meta http-equiv="refresh" content="5"></noscript>');
      expect(html).toContain('<meta name="robots" content="noindex,nofollow">');
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
      expect(html).not.toContain('class="grade');
      expect(html).not.toContain('style="');
    }
  });
});
