// `siteqa audit <url>` from a terminal, no server: progress on stderr, summary or JSON on stdout,
// and the exit code that CI pipelines rely on (--fail-under).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite, type FixtureSite } from '../support/fixture-server.js';

const ROOT = new URL('../../', import.meta.url).pathname;

// Asynchronous on purpose: the fixture site is served by this process and must keep answering.
function siteqa(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['bin/siteqa.js', ...args], { cwd: ROOT, env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  return new Promise((resolve) => child.on('close', (code) => {
    clearTimeout(timer);
    resolve({ code, stdout, stderr });
  }));
}

describe('siteqa audit', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await serveSite('broken');
  });
  afterAll(() => site?.close());

  it('prints the JSON report and exits 1 when a section grades below --fail-under', async () => {
    const r = await siteqa(['audit', site.url, '--json', '--max-pages', '4', '--fail-under', 'B'], { QA_URL_ALLOWLIST: site.allowlist.join(',') });
    expect(r.stderr).toContain(`auditing ${site.url}`);
    expect(r.stderr).toMatch(/\[1\/4\] 200/);
    const report = JSON.parse(r.stdout);
    expect(report.status).toBe('succeeded');
    expect(report.sections.works.grade).toMatch(/[C-F]/);
    expect(r.code).toBe(1);
  }, 150_000);

  it('prints a text summary and exits 0 when every section meets the floor, and writes the evidence when asked', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'siteqa-cli-')), 'evidence.json');
    const r = await siteqa(['audit', site.url, '--max-pages', '2', '--fail-under', 'F', '--evidence', file], { QA_URL_ALLOWLIST: site.allowlist.join(',') });
    expect(r.code).toBe(0);
    const evidence = JSON.parse(readFileSync(file, 'utf8'));
    expect(evidence.pages.map((p: { final_url: string }) => p.final_url)[0]).toBe(site.url);
    expect(evidence.pages[0].requests.length).toBeGreaterThan(0);
    expect(r.stdout).toMatch(/works\s+[A-F]\s+\d+ critical/);
    expect(r.stdout).toContain('flows       (ungraded)');
  }, 150_000);

  it('refuses a loopback URL that is not allowlisted, and bad usage, with exit 2', async () => {
    const [refused, noUrl, badGrade] = await Promise.all([
      siteqa(['audit', site.url], { QA_URL_ALLOWLIST: '' }),
      siteqa(['audit'], {}),
      siteqa(['audit', site.url, '--fail-under', 'Z'], {}),
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/refused: .*loopback/);
    expect(noUrl.code).toBe(2);
    expect(badGrade.code).toBe(2);
  }, 150_000);

  it('answers --help on any command with the usage, and a mistyped option with exit 2 and no stack trace', async () => {
    const [help, workerHelp, typo] = await Promise.all([
      siteqa(['audit', '--help'], {}),
      siteqa(['worker', '-h'], {}),
      siteqa(['audit', site.url, '--max-page', '3'], { QA_URL_ALLOWLIST: site.allowlist.join(',') }),
    ]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('audit <url> [--json] [--max-pages N]');
    expect(workerHelp.code).toBe(0);
    expect(workerHelp.stdout).toContain('usage: siteqa <command>');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("Unknown option '--max-page'");
    expect(typo.stderr).toContain('usage: siteqa <command>');
    expect(typo.stderr).not.toMatch(/\bat \S+ \(/);
  }, 60_000);
});
