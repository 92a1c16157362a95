import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check, phoneProblem, sameNumber } from './broken_phone.js';

const withTel = (...links: [string, string][][]) =>
  makeBundle({ pages: links.map((list, i) => makePage({ url: `https://wynnstay.co.uk/${i ? `p${i}` : ''}`, depth: i ? 1 : 0, dom: makeDom({ links: list.map(([href, text]) => ({ href, text, rel: null, region: 'footer' as const, nofollow: false })) }) })) });

describe('links.broken_phone', () => {
  it.each([
    ['tel:01423203509', '01423 203509'],
    ['tel:+441423203509', '01423 203509'],
    ['tel:01423203509', '+44 (0)1423 203509'],
    ['tel:+33-1-23-45-67-89', '01 23 45 67 89'],
    ['tel:0033123456789', '+33 1 23 45 67 89'],
    ['tel:+1-555-010-0199', '(555) 010-0199'],
    ['tel:+441423203509', 'Call us'],
    ['tel:112', 'Emergency: 112'],
    ['tel:01423203509;ext=12', '01423 203509 ext. 12'],
  ])('%s shown as %j calls what it shows', (href, text) => {
    expect(phoneProblem(href, text)).toBeNull();
  });

  it.each([
    ['tel://01423 2035090', '01423 203509', 'calls 01423 2035090 but shows 01423 203509'],
    ['tel:+441423203590', '01423 203509', 'calls +441423203590 but shows 01423 203509'],
    ['tel:', 'Call us', 'holds no number ("tel:")'],
    ['tel:PHONE_NUMBER', '+44 1423 203509', 'holds no number ("tel:PHONE_NUMBER")'],
  ])('%s shown as %j: %s', (href, text, problem) => {
    expect(phoneProblem(href, text)).toBe(problem);
  });

  it('tells national and international forms of one number from two numbers', () => {
    expect(sameNumber('+44 1423 203509', '01423 203509')).toBe(true);
    expect(sameNumber('+44 1423 203509', '01423 203508')).toBe(false);
    expect(sameNumber('+1 555 010 0199', '555 010 0199')).toBe(true);
  });

  it('passes a realistic site and reports a template link once, with its pages', () => {
    expect(findingsOf(check, realisticSite())).toEqual([]);
    const wrong: [string, string] = ['tel://01423 2035090', '01423 203509'];
    const [f, ...rest] = findingsOf(check, withTel([wrong, ['tel:01423203509', '01423 203509']], [wrong]));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: 'A telephone link calls 01423 2035090 but shows 01423 203509', evidence: { links: [{ pages_total: 2 }], pages_total: 2 } });
  });
});
