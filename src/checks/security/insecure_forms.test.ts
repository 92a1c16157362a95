import { describe, expect, it } from 'vitest';
import type { DomFacts } from '../../evidence/types.js';
import { findingsOf, makeDom } from '../test-support.js';
import { check } from './insecure_forms.js';
import { doc, hardened, site } from './support/test-pages.js';

type Form = DomFacts['forms'][number];
const form = (action: string, has_password = false): Form => ({ action, method: 'post', selector: 'form#f', has_password });
const withForms = (url: string, ...forms: Form[]) => doc(url, {}, { dom: makeDom({ forms }) });

describe('security.insecure_forms', () => {
  it.each([
    ['an HTTPS form', withForms('/', form('https://example.com/login', true))],
    ['a mailto form', withForms('/', form('mailto:hi@example.com'))],
    ['a search form on a plain-HTTP site (no password)', withForms('http://example.com/', form('http://example.com/search'))],
  ])('passes: %s', (_name, page) => {
    expect(findingsOf(check, site(page))).toEqual([]);
  });

  it('flags an HTTPS page posting to http: as a warning', () => {
    const [f] = findingsOf(check, site(withForms('/', form('http://newsletter.example.com/subscribe'))));
    expect(f).toMatchObject({ check_id: 'security.insecure_forms', severity: 'warning' });
    expect(f!.evidence!.forms).toEqual([
      { page: 'https://example.com/', selector: 'form#f', action: 'http://newsletter.example.com/subscribe', method: 'post', has_password: false, reason: 'HTTPS page submits to an http: address', severity: 'warning' },
    ]);
  });

  it('flags a password form over HTTP as critical', () => {
    const [f] = findingsOf(check, site(withForms('http://example.com/login', form('http://example.com/login', true))));
    expect(f).toMatchObject({ severity: 'critical' });
    expect(f!.title).toContain('including passwords');
  });

  it('passes a realistic clean site', () => {
    expect(findingsOf(check, site(hardened('/', {}, { dom: makeDom({ forms: [form('https://example.com/search')] }) })))).toEqual([]);
  });
});
