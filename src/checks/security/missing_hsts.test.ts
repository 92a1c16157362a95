import { describe, expect, it } from 'vitest';
import { findingsOf } from '../test-support.js';
import { check } from './missing_hsts.js';
import { doc, hardened, site } from './support/test-pages.js';

describe('security.missing_hsts', () => {
  it.each([
    ['a year-long policy', doc('/', { 'strict-transport-security': 'max-age=31536000' })],
    ['a plain-HTTP page (HSTS is ignored there)', doc('http://example.com/', {})],
    ['a host under a preloaded TLD', doc('https://example.dev/', {})],
  ])('passes: %s', (_name, page) => {
    expect(findingsOf(check, site(page))).toEqual([]);
  });

  it.each([
    ['no header', {}],
    ['max-age=0 (switches HSTS off)', { 'strict-transport-security': 'max-age=0' }],
    ['no max-age (ignored)', { 'strict-transport-security': 'includeSubDomains' }],
  ])('flags %s', (_name, headers) => {
    const [f] = findingsOf(check, site(doc('/', headers)));
    expect(f).toMatchObject({ check_id: 'security.missing_hsts', severity: 'warning' });
    expect(f!.evidence).toMatchObject({ pages: ['https://example.com/'], pages_checked: 1 });
  });

  it('shows ignored header values', () => {
    const [f] = findingsOf(check, site(doc('/', { 'strict-transport-security': 'max-age=0' })));
    expect(f!.evidence!.ignored_values).toEqual([{ value: 'max-age=0', pages: ['https://example.com/'], pages_total: 1 }]);
  });

  it('passes a realistic clean site', () => {
    expect(findingsOf(check, site(hardened('/'), hardened('/docs')))).toEqual([]);
  });
});
