// `siteqa audit <url>`: one audit in-process, no server, no database. Progress goes to stderr;
// stdout gets a text summary or the JSON report; the exit code serves CI (--fail-under).
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createBrowserHandle } from '../capture/browser.js';
import type { Config } from '../config/index.js';
import { SECTIONS } from '../checks/types.js';
import { gradeBelow } from '../grading/grade.js';
import type { Grade } from '../grading/rubric.js';
import { checkUrl } from '../guard/url.js';
import type { Report } from '../report/build.js';
import { systemClock } from '../clock.js';

const GRADES = ['A', 'B', 'C', 'D', 'F'];

export async function runAuditCommand(config: Config, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { json: { type: 'boolean' }, 'max-pages': { type: 'string' }, 'fail-under': { type: 'string' }, evidence: { type: 'string' } },
  });
  const url = positionals[0];
  const failUnder = values['fail-under']?.toUpperCase();
  const maxPages = values['max-pages'] ? Number(values['max-pages']) : config.maxPages;
  if (!url || (failUnder && !GRADES.includes(failUnder)) || !Number.isInteger(maxPages) || maxPages < 1) {
    process.stderr.write('usage: siteqa audit <url> [--json] [--max-pages N] [--fail-under A|B|C|D|F] [--evidence FILE]\n');
    return 2;
  }
  const guard = { allowlist: config.urlAllowlist, allowlistOnly: config.urlAllowlistOnly };
  const verdict = await checkUrl(url, guard);
  if (!verdict.ok) {
    process.stderr.write(`siteqa: refused: ${verdict.reason}\n`);
    return 2;
  }
  const browser = createBrowserHandle({ executablePath: config.chromiumPath, guard });
  // Chromium starts while the checks, the report and the drivers load (about half a second each, in parallel).
  void browser.get().catch(() => {});
  const [{ captureAndJudge, reportOf }, { RUN_KINDS }] = await Promise.all([import('../runs/pipeline.js'), import('../run-kinds.js')]);
  const id = randomUUID();
  const created = new Date().toISOString();
  const err = (s: string) => process.stderr.write(s);
  err(`auditing ${verdict.url.href} (up to ${maxPages} pages)\n`);
  try {
    const judged = await captureAndJudge(
      { config, browser, guard, clock: systemClock, drivers: RUN_KINDS },
      { id, kind: 'audit', url: verdict.url.href, workspace_id: null, options: { max_pages: maxPages } },
      { onPage: (p, i) => err(`  [${i + 1}/${maxPages}] ${p.status ?? p.navigation_error ?? '—'} ${p.final_url}\n`) },
    );
    const { outcome, bundle } = judged;
    const report = await reportOf(
      { id, url: verdict.url.href, status: outcome.status, failure_reason: outcome.failure_reason, created_at: created, finished_at: bundle.run.finished_at, report_url: '' },
      judged,
    );
    // The evidence the checks judged (the same bundle a stored run keeps; pictures are named, not included).
    if (values.evidence) {
      try {
        writeFileSync(values.evidence, `${JSON.stringify(bundle)}\n`);
      } catch (e) {
        err(`siteqa: could not write the evidence to ${values.evidence}: ${(e as Error).message}\n`);
      }
    }
    process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : summary(report));
    if (outcome.status === 'failed' || outcome.status === 'blocked') return 3;
    if (failUnder && report.sections && SECTIONS.some((s) => gradeBelow(report.sections![s].grade, failUnder as Grade))) {
      err(`siteqa: a section graded below ${failUnder}\n`);
      return 1;
    }
    return 0;
  } finally {
    await browser.close();
  }
}

function summary(report: Report): string {
  const lines = [`${report.url} — ${report.status}${report.failure_reason ? ` (${report.failure_reason})` : ''}`, ''];
  if (report.sections) {
    for (const s of SECTIONS) {
      const g = report.sections[s];
      lines.push(`  ${s.padEnd(11)} ${g.grade}   ${g.critical} critical, ${g.warning} warning, ${g.info} info`);
    }
    lines.push('', '  flows       (ungraded) no flows ran', '');
  }
  for (const f of (report.findings ?? []).filter((f) => f.tier === 'verified' && f.severity !== 'info')) {
    lines.push(`  ${f.severity.toUpperCase().padEnd(8)} ${f.section.padEnd(10)} ${f.title}`, `           ${f.evidence?.locator ?? ''}`);
  }
  return `${lines.join('\n')}\n`;
}
