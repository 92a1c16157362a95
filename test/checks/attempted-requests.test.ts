// Every attempted request is evidence: real Chromium on fixture sites whose resources fail before any
// answer (a host that does not resolve, the site's own CSP) and whose analytics waits for consent.
// Failures are recorded with their reason and reported where a user would look; a consent-gated tag
// that fires after "Accept all" is not "no analytics".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHandle } from '../../src/capture/browser.js';
import { auditSite, newBrowser } from '../support/audit.js';
import { serveSite, SITES_DIR } from '../support/fixture-server.js';

interface Planted { defect: string; section: string; severity: string; check_hint: string; page: string }

describe('attempted requests as evidence', () => {
  let browser: BrowserHandle;
  beforeAll(() => {
    browser = newBrowser();
  });
  afterAll(() => browser.close());

  const audit = async (name: string) => {
    const site = await serveSite(name);
    try {
      return await auditSite(browser, site.url, site.allowlist);
    } finally {
      await site.close();
    }
  };
  const planted = (name: string) => JSON.parse(readFileSync(join(SITES_DIR, name, 'expected.json'), 'utf8')) as Planted[];
  const missingPlanted = (name: string, report: Awaited<ReturnType<typeof audit>>['report']) => {
    const verified = (report.findings ?? []).filter((f) => f.tier === 'verified');
    return planted(name)
      .filter((p) => !verified.some((f) => f.check_id === p.check_hint && f.section === p.section && f.severity === p.severity))
      .map((p) => `${p.check_hint} ${p.section}/${p.severity} — ${p.defect}`);
  };

  it('dead-hosts: every request to the lapsed domain is kept with reason dns; one Works finding per host; analytics installed, not absent', async () => {
    const { bundle, report } = await audit('dead-hosts');
    const dead = bundle.pages.flatMap((p) => p.requests).filter((r) => r.url.includes('juniper-static.invalid'));
    expect(dead.length).toBeGreaterThanOrEqual(5);
    for (const r of dead) expect([r.url, r.failure_reason, r.guard_reason]).toEqual([r.url, 'dns', expect.stringMatching(/could not be resolved/)]);
    expect(missingPlanted('dead-hosts', report)).toEqual([]);
    const hosts = (report.findings ?? []).filter((f) => f.check_id === 'http.unreachable_host').map((f) => f.evidence?.host).sort();
    // The dead analytics loader is Measured's finding, not a second Works one.
    expect(hosts).toEqual(['cdn.juniper-static.invalid']);
    const notFiring = report.findings!.find((f) => f.check_id === 'tracking.installed_not_firing');
    expect(notFiring?.evidence).toMatchObject({ vendor: 'ga4', ids: ['G-JUNIPER01'], reason: 'script_host_failing' });
    expect(report.findings!.some((f) => f.check_id === 'tracking.none_detected')).toBe(false);
    expect(report.sections!.works.grade).not.toBe('A');
    expect(bundle.pages[0]!.tag_config).toContainEqual({ source: 'dataLayer', command: 'config', id: 'G-JUNIPER01' });
  }, 120_000);

  it("csp-blocked: the loader blocked by the site's own CSP is recorded as csp and reported installed-not-firing", async () => {
    const { bundle, report } = await audit('csp-blocked');
    const loader = bundle.pages[0]!.requests.find((r) => r.url.includes('/gtag/js?id=G-MARLOW123'));
    expect(loader).toMatchObject({ status: null, failure_reason: 'csp' });
    expect(missingPlanted('csp-blocked', report)).toEqual([]);
    const f = report.findings!.find((x) => x.check_id === 'tracking.installed_not_firing');
    expect(f?.evidence).toMatchObject({ reason: 'blocked_by_csp', ids: ['G-MARLOW123'] });
    expect(report.findings!.some((x) => x.check_id === 'tracking.none_detected' || x.check_id === 'http.unreachable_host')).toBe(false);
  }, 120_000);

  it('consent-gated: GA4 held back as text/plain until "Accept all" grades Measured A, with hits only after accepting', async () => {
    const { bundle, report } = await audit('consent-gated');
    const accept = bundle.consent?.loads.find((l) => l.mode === 'accept');
    expect(accept?.action_taken).toBe(true);
    expect(accept?.requests.some((r) => r.url.includes('/g/collect') && r.url.includes('tid=G-HERON12345'))).toBe(true);
    expect(bundle.pages.flatMap((p) => p.requests).some((r) => r.url.includes('/g/collect'))).toBe(false);
    const measured = (report.findings ?? []).filter((f) => f.section === 'measured');
    expect(measured.map((f) => `${f.check_id}: ${f.title}`)).toEqual([]);
    expect(report.sections!.measured.grade).toBe('A');
  }, 120_000);
});
