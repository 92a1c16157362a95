// Regenerates the stored evidence bundles and their reports under test/fixtures/evidence/ from the
// fixture sites (real Chromium), or with --reports-only rebuilds only the reports from the stored
// bundles (after an intended change to checks, rubric or report). Usage:
//   npx tsx scripts/regenerate-evidence.ts [--reports-only] [site ...]
import { readFileSync, writeFileSync } from 'node:fs';
import { serveSite } from '../test/support/fixture-server.js';
import { auditSite, newBrowser, summaryFor } from '../test/support/audit.js';
import { buildReport } from '../src/report/build.js';
import type { EvidenceBundle } from '../src/evidence/types.js';

export const EVIDENCE_SITES = ['clean', 'broken', 'seo', 'tracking', 'a11y', 'insecure', 'consent-gated', 'dead-hosts', 'csp-blocked'];
const DIR = new URL('../test/fixtures/evidence/', import.meta.url);

export function reportText(bundle: EvidenceBundle): string {
  return `${JSON.stringify(buildReport(summaryFor(bundle), bundle), null, 2)}\n`;
}

async function main() {
  const args = process.argv.slice(2);
  const reportsOnly = args.includes('--reports-only');
  const sites = args.filter((a) => !a.startsWith('--'));
  const browser = newBrowser();
  try {
    for (const name of sites.length ? sites : EVIDENCE_SITES) {
      let bundle: EvidenceBundle;
      if (reportsOnly) {
        bundle = JSON.parse(readFileSync(new URL(`${name}.evidence.json`, DIR), 'utf8'));
      } else {
        const site = await serveSite(name);
        try {
          bundle = (await auditSite(browser, site.url, site.allowlist)).bundle;
        } finally {
          await site.close();
        }
        writeFileSync(new URL(`${name}.evidence.json`, DIR), `${JSON.stringify(bundle)}\n`);
      }
      writeFileSync(new URL(`${name}.report.json`, DIR), reportText(bundle));
      process.stderr.write(`${name}: ${bundle.pages.length} pages\n`);
    }
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
