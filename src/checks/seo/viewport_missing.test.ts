import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './viewport_missing.js';

const withViewport = (viewport: string | null) => makeBundle({ pages: [makePage({ dom: makeDom({ viewport }) })] });

describe('seo.viewport_missing', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['width=device-width', withViewport('width=device-width, initial-scale=1')],
    ['initial-scale only', withViewport('initial-scale=1')],
    ['semicolon-separated (tolerated by browsers)', withViewport('width=device-width; initial-scale=1.0')],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('flags a missing viewport', () => {
    const [f] = findingsOf(check, withViewport(null));
    expect(f).toMatchObject({ severity: 'warning' });
    expect(f!.evidence).toMatchObject({ pages: [{ url: 'https://example.com/', viewport: null }] });
  });

  it('flags a viewport that sets neither width nor initial-scale', () => {
    const [f] = findingsOf(check, withViewport('user-scalable=yes'));
    expect(f!.evidence).toMatchObject({ pages: [{ viewport: 'user-scalable=yes', problem: 'sets neither width nor initial-scale' }] });
  });
});
