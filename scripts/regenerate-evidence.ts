// Regenerates the stored evidence bundles and their reports under test/fixtures/evidence/ from the
// fixture sites (real Chromium), or with --reports-only rebuilds only the reports from the stored
// bundles (after an intended change to checks, rubric or report). The run's images (page thumbnails, WebP,
// a few KB each) are written beside each bundle under <site>.images/<id>.webp. Usage:
//   npx tsx scripts/regenerate-evidence.ts [--reports-only] [site ...]
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { serveSite } from '../test/support/fixture-server.js';
import { auditSite, newBrowser, summaryFor } from '../test/support/audit.js';
import { buildReport } from '../src/report/build.js';
import type { EvidenceBundle } from '../src/evidence/types.js';
import type { CapturedImage } from '../src/capture/session/run-session.js';

export const EVIDENCE_SITES = ['clean', 'broken', 'seo', 'tracking', 'a11y', 'insecure', 'consent-gated', 'dead-hosts', 'csp-blocked'];
const DIR = new URL('../test/fixtures/evidence/', import.meta.url);

export function reportText(bundle: EvidenceBundle): string {
  return `${JSON.stringify(buildReport(summaryFor(bundle), bundle), null, 2)}\n`;
}

/** Where a stored bundle's images live: `<site>.images/<id>.<ext>`. */
export function imagesDir(name: string): URL {
  return new URL(`${name}.images/`, DIR);
}

const EXT: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png' };

export function imageFileName(ref: { id: string; content_type: string }): string {
  return `${ref.id}.${EXT[ref.content_type] ?? 'bin'}`;
}

function writeImages(name: string, images: CapturedImage[]): void {
  rmSync(imagesDir(name), { recursive: true, force: true });
  if (!images.length) return;
  mkdirSync(imagesDir(name), { recursive: true });
  for (const img of images) writeFileSync(new URL(imageFileName(img.ref), imagesDir(name)), img.data);
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
          const audited = await auditSite(browser, site.url, site.allowlist);
          bundle = audited.bundle;
          writeImages(name, audited.images);
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
