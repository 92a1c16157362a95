import { describe, expect, it } from 'vitest';
import type { RequestRecord, TagConfigEntry } from '../../evidence/types.js';
import { findingsOf, makeBundle } from '../test-support.js';
import { check } from './installed_not_firing.js';
import { SITE, afterReload, consent, ga4Hit, gtag, gtm, load, page, script } from './test-fixtures.js';

const home = `${SITE}/`;
const config = (id = 'G-ABC123'): TagConfigEntry[] => [{ source: 'dataLayer', command: 'config', id }];
const html = (content: string) => ({ html: { content, bytes: content.length, truncated: false } });
const deadLoader = (over: Partial<RequestRecord> = {}) =>
  script('https://metrics.example.invalid/gtag/js?id=G-ABC123', { status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'dns', ...over });
const GATED = '<script type="text/plain" data-cookieconsent="statistics" async src="/metrics/gtag/js?id=G-ABC123"></script>';

describe('tracking.installed_not_firing', () => {
  const valid = [
    ['GA4 loads and hits', { pages: [page('/', [gtag(), ga4Hit(home)], { tag_config: config() })] }],
    ['no analytics at all (tracking.none_detected reports that)', { pages: [page('/', [script(`${SITE}/app.js`)])] }],
    ['a consent-gated tag that fires after "Accept all" (correct, not a finding)', {
      pages: [page('/', [], html(GATED))],
      consent: consent(true, [load('none'), load('reject'), load('accept', { requests: afterReload([script(`${SITE}/metrics/gtag/js?id=G-ABC123`), ga4Hit(home)]), tag_config: config() })]),
    }],
    ['a loader that ran but sent nothing (tracking.tag_without_hit reports that)', { pages: [page('/', [gtag()], { tag_config: config() })] }],
    ['a loader cancelled by navigation', { pages: [page('/', [gtag()].map((r) => ({ ...r, status: null, failure: 'net::ERR_ABORTED', failure_reason: 'aborted' as const })))] }],
    ['a loader still in flight when the page was closed (no answer, no failure: a meta refresh left the document)', { pages: [page('/', [gtag()].map((r) => ({ ...r, status: null, failure: null, blocked: false })), { tag_config: config() })] }],
    ['a tag manager that loaded (whether it holds analytics is none_detected\'s question)', { pages: [page('/', [gtm()])] }],
    ['GA4 configured beside a Google Ads id, one gtag.js loaded for both (AW-)', {
      pages: [page('/', [script('https://www.googletagmanager.com/gtag/js?id=AW-123456')], { tag_config: [...config(), { source: 'dataLayer', command: 'config', id: 'AW-123456' }] })],
    }],
    ['GA4 configured in dataLayer and loaded by the GTM container (no loader of its own), gated behind a banner we could not accept', {
      pages: [page('/', [gtm()], { tag_config: config() })],
      consent: consent(true, [load('none'), load('accept', { action_taken: false, clicked: null })]),
    }],
  ] as const;
  it.each(valid)('passes: %s', (_name, over) => {
    expect(findingsOf(check, makeBundle({ ...over, pages: [...over.pages] } as never))).toEqual([]);
  });

  it('notes a loader refused only by the audit\'s own guard as installed and not verified (info), naming the tag', () => {
    const refused = [gtag('G-ABC123')].map((r) => ({ ...r, status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'guard' as const }));
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [page('/', refused, { tag_config: config() })] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'info', title: expect.stringMatching(/^Google Analytics 4 is installed; this audit could not reach its script host/) });
    expect(f!.evidence).toMatchObject({ vendor: 'ga4', ids: ['G-ABC123'], reason: 'not_verified', failed_loaders: [{ reason: 'guard' }] });
  });

  it('is not verified when the audit machine has no internet access (a local copy audited offline)', () => {
    const local = (path: string, requests: RequestRecord[]) => ({ ...page(path, requests, { tag_config: config() }), url: `http://127.0.0.1:8080${path}`, final_url: `http://127.0.0.1:8080${path}` });
    const unresolved = () => deadLoader({ url: 'https://www.googletagmanager.com/gtag/js?id=G-ABC123' });
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [local('/', [unresolved()]), local('/menu', [unresolved()])] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'info', evidence: { reason: 'not_verified', failed_loaders: [{ reason: 'offline' }, { reason: 'offline' }] } });
    // The same loader failing on a public site is the site's script host failing.
    expect(findingsOf(check, makeBundle({ pages: [page('/', [unresolved()], { tag_config: config() })] }))[0]).toMatchObject({ severity: 'critical', evidence: { reason: 'script_host_failing' } });
    expect(f!.title).toMatch(/the audit's machine has no internet access/);
  });

  it('reports a loader whose host does not resolve, with its reason, critical when nothing else measures', () => {
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [page('/', [deadLoader()], { tag_config: config() }), page('/menu', [deadLoader()], { tag_config: config() })] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ check_id: 'tracking.installed_not_firing', section: 'measured', severity: 'critical' });
    expect(f!.title).toMatch(/script host fails/);
    expect(f!.evidence).toMatchObject({ vendor: 'ga4', ids: ['G-ABC123'], reason: 'script_host_failing', failed_loaders: [{ reason: 'dns' }, { reason: 'dns' }], other_analytics_working: false });
  });

  it("names the site's own CSP when it blocked the loader", () => {
    const blocked = script('https://www.googletagmanager.com/gtag/js?id=G-ABC123', { status: null, failure: 'csp', failure_reason: 'csp' });
    const [f] = findingsOf(check, makeBundle({ pages: [page('/', [blocked], { tag_config: config() })] }));
    expect(f!.evidence).toMatchObject({ reason: 'blocked_by_csp', failed_loaders: [{ reason: 'csp' }] });
  });

  it('reads the CSP block from the failure text in bundles without a recorded reason', () => {
    const blocked = script('https://www.googletagmanager.com/gtag/js?id=G-ABC123', { status: null, failure: 'net::ERR_BLOCKED_BY_CSP' });
    const [f] = findingsOf(check, makeBundle({ pages: [page('/', [blocked])] }));
    expect(f!.evidence).toMatchObject({ reason: 'blocked_by_csp' });
  });

  it('reports a placeholder that stays held back after "Accept all"', () => {
    const bundle = makeBundle({
      pages: [page('/', [], html(GATED))],
      consent: consent(true, [load('none'), load('accept', { requests: afterReload([]) })]),
    });
    const [f] = findingsOf(check, bundle);
    expect(f).toMatchObject({ severity: 'critical' });
    expect(f!.evidence).toMatchObject({ reason: 'consent_never_granted', placeholders: [{ category: 'statistics', src: `${SITE}/metrics/gtag/js?id=G-ABC123` }] });
  });

  it('only informs about a placeholder when no banner could be accepted to check', () => {
    const bundle = makeBundle({ pages: [page('/', [], html(GATED))], consent: consent(false, [load('none')]) });
    expect(findingsOf(check, bundle).map((f) => [f.severity, f.evidence!.reason])).toEqual([['info', 'consent_not_checked']]);
  });

  it('does not say the consent manager never lets the tag run when "Accept all" requested its loader and the guard refused it', () => {
    const refused = script('https://www.googletagmanager.com/gtag/js?id=G-ABC123', { status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'guard' });
    const accepted = consent(true, [load('none'), load('accept', { requests: afterReload([refused]) })]);
    const bundle = makeBundle({ pages: [page('/', [], html(GATED))], consent: accepted });
    expect(findingsOf(check, bundle).map((f) => [f.severity, f.evidence!.reason])).toEqual([['info', 'not_verified']]);
  });

  it('does not say the tag waits for consent when other pages requested its loader without any (refused by the guard there)', () => {
    const refused = script('https://www.googletagmanager.com/gtag/js?id=G-ABC123', { status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'guard' });
    const bundle = makeBundle({ pages: [page('/', [], html(GATED)), page('/workshops/', [refused])], consent: consent(false, [load('none')]) });
    expect(findingsOf(check, bundle).map((f) => [f.severity, f.evidence!.reason])).toEqual([['info', 'not_verified']]);
  });

  it('reports a configuration whose loader is never requested, even after "Accept all"', () => {
    const accepted = consent(true, [load('none'), load('accept', { requests: afterReload([]) })]);
    const [f] = findingsOf(check, makeBundle({ pages: [page('/', [], { tag_config: config('G-LOST1') })], consent: accepted }));
    expect(f).toMatchObject({ severity: 'critical' });
    expect(f!.evidence).toMatchObject({ reason: 'loader_missing', ids: ['G-LOST1'] });
  });

  it('only informs about a configuration without its loader when no banner could be accepted (consent managers inject loaders on consent)', () => {
    for (const c of [null, consent(false, [load('none')]), consent(true, [load('none'), load('accept', { action_taken: false, clicked: null })])]) {
      const found = findingsOf(check, makeBundle({ pages: [page('/', [], { tag_config: config('G-LOST1') })], consent: c }));
      expect(found.map((f) => [f.severity, f.evidence!.reason])).toEqual([['info', 'consent_not_checked']]);
    }
  });

  it('rates a broken second tool a warning while another analytics tool measures the site', () => {
    const matomo = script('https://stats.example.invalid/matomo.js', { status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'dns' });
    const findings = findingsOf(check, makeBundle({ pages: [page('/', [gtag(), ga4Hit(home), matomo])] }));
    expect(findings.map((f) => [f.evidence!.vendor, f.severity, f.evidence!.other_analytics_working])).toEqual([['matomo', 'warning', true]]);
  });

  it('counts a tag manager container that never loaded when nothing measures', () => {
    const dead = script('https://www.googletagmanager.com/gtm.js?id=GTM-ABCD12', { status: null, failure: 'net::ERR_NAME_NOT_RESOLVED' });
    const [f] = findingsOf(check, makeBundle({ pages: [page('/', [dead])] }));
    expect(f!.evidence).toMatchObject({ vendor: 'gtm', reason: 'script_host_failing' });
  });
});
