import { describe, expect, it } from 'vitest';
import type { Finding } from '../checks/types.js';
import type { Report } from '../report/build.js';
import { followFindings } from '../report/follow.js';
import { slackAlertText, slackEscape } from './slack-message.js';

const finding = (fp: string, severity: Finding['severity']): Finding => ({
  check_id: `x.${fp}`, section: 'works', tier: 'verified', severity, title: `problem ${fp}`, impact: 'i.', docs: '/d', fingerprint: fp, evidence: { locator: 'l', page: null },
});
const report = (id: string, fps: string[]): Report => ({
  report_version: 1, run_id: id, url: 'https://shop.example/a?b=1', status: 'succeeded', failure_reason: null, created_at: '', finished_at: '', report_url: `/r/${id}`,
  findings: fps.map((f) => finding(f, f.startsWith('c') ? 'critical' : 'warning')),
});

describe('slackAlertText', () => {
  it('says what happened in the lifecycle\'s words, with the deploy and a link to the report', () => {
    const before = report('r1', ['a', 'b']);
    const { report: now, changes } = followFindings([before], { ...report('r2', ['c1', 'c2', 'b']), deploy: { sha: '0123456789abcdef', ref: 'refs/heads/main', env: 'production' } } as Report);
    const text = slackAlertText(now, changes, ['Works dropped from A to C', '2 new critical: problem c1; problem c2'], 'https://qa.example/r/tok');
    expect(text.split('\n')).toEqual([
      '*siteqa: shop.example* — Works dropped from A to C',
      '• Works dropped from A to C',
      '• 2 new critical: problem c1; problem c2',
      'Since the last run: 2 new critical, 2 new, 1 fixed, 1 still there.',
      'Deploy `0123456789ab` (refs/heads/main) to production.',
      '<https://qa.example/r/tok|Open the report>',
    ]);
  });

  it('escapes Slack\'s control characters in text from the site, so a title cannot forge a link or mention', () => {
    expect(slackEscape('<!channel> & <https://evil.example|x>')).toBe('&lt;!channel&gt; &amp; &lt;https://evil.example|x&gt;');
    const text = slackAlertText(report('r1', []), null, ['1 new critical: <!here> Login <fails>'], 'https://qa.example/r/a|b');
    expect(text).toContain('• 1 new critical: &lt;!here&gt; Login &lt;fails&gt;');
    expect(text).toContain('<https://qa.example/r/a%7Cb|Open the report>');
    expect(text).not.toContain('Since the last run');
  });
});
