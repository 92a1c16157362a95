// The catalogue's exam: every defect planted in a fixture site is found with the right section
// and severity, and the clean site, built the way an expert would, grades A everywhere with no
// verified warning or critical. Real Chromium, real loopback sites.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHandle } from '../../src/capture/browser.js';
import { SECTIONS } from '../../src/checks/types.js';
import { serveSite, SITES_DIR } from '../support/fixture-server.js';
import { auditSite, newBrowser } from '../support/audit.js';

interface Planted { defect: string; section: string; severity: string; check_hint: string; page: string }

const DEFECT_SITES = ['broken', 'slow', 'seo', 'tracking', 'a11y', 'insecure'].filter((s) => {
  try {
    readFileSync(join(SITES_DIR, s, 'expected.json'));
    return true;
  } catch {
    return false;
  }
});

describe('fixture sites', () => {
  let browser: BrowserHandle;
  beforeAll(() => {
    browser = newBrowser();
  });
  afterAll(() => browser.close());

  it('clean: every section A, no verified warning or critical', async () => {
    const site = await serveSite('clean');
    try {
      const { report } = await auditSite(browser, site.url, site.allowlist);
      expect(report.status).toBe('succeeded');
      const loud = (report.findings ?? []).filter((f) => f.tier === 'verified' && f.severity !== 'info');
      expect(loud.map((f) => `${f.check_id}: ${f.title} ${JSON.stringify(f.evidence).slice(0, 300)}`)).toEqual([]);
      for (const s of SECTIONS) expect(report.sections![s].grade, s).toBe('A');
      expect(report.pages!.length).toBeGreaterThanOrEqual(5);
    } finally {
      await site.close();
    }
  }, 120_000);

  it.each(DEFECT_SITES)('%s: every planted defect is found in its section at its severity', async (name) => {
    const planted = JSON.parse(readFileSync(join(SITES_DIR, name, 'expected.json'), 'utf8')) as Planted[];
    const site = await serveSite(name);
    try {
      const { report } = await auditSite(browser, site.url, site.allowlist);
      const verified = (report.findings ?? []).filter((f) => f.tier === 'verified');
      const missing = planted.filter(
        (p) => !verified.some((f) => f.check_id === p.check_hint && f.section === p.section && f.severity === p.severity && JSON.stringify(f.evidence).includes(p.page)),
      );
      const seen = verified.map((f) => `${f.check_id} ${f.section}/${f.severity} ${f.evidence?.locator}`);
      expect(missing.map((p) => `${p.check_hint} ${p.section}/${p.severity} ${p.page} — ${p.defect}`), seen.join('\n')).toEqual([]);
    } finally {
      await site.close();
    }
  }, 120_000);
});
