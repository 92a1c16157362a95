import { describe, expect, it } from 'vitest';
import { findingsOf } from '../test-support.js';
import { check } from './missing_permissions_policy.js';
import { doc, hardened, site } from './support/test-pages.js';

describe('security.missing_permissions_policy', () => {
  it.each([
    ['Permissions-Policy', { 'permissions-policy': 'geolocation=()' }],
    ['the legacy Feature-Policy', { 'feature-policy': "camera 'none'" }],
  ])('passes: %s', (_name, headers) => {
    expect(findingsOf(check, site(doc('/', headers)))).toEqual([]);
  });

  it('lists pages without one as info', () => {
    const [f] = findingsOf(check, site(doc('/', {})));
    expect(f).toMatchObject({ check_id: 'security.missing_permissions_policy', severity: 'info' });
    expect(f!.evidence).toMatchObject({ pages: ['https://example.com/'], header: 'permissions-policy' });
  });

  it('passes a realistic clean site', () => {
    expect(findingsOf(check, site(hardened('/')))).toEqual([]);
  });
});
