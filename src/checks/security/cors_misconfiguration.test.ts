import { describe, expect, it } from 'vitest';
import { findingsOf, makeRequest } from '../test-support.js';
import { check } from './cors_misconfiguration.js';
import { doc, hardened, site } from './support/test-pages.js';

const api = (headers: Record<string, string>, url = 'https://api.example.com/me') =>
  doc('/', {}, { requests: [makeRequest({ url, resource_type: 'fetch', response_headers: headers })] });

describe('security.cors_misconfiguration', () => {
  it.each([
    ['public data with a wildcard', api({ 'access-control-allow-origin': '*' })],
    ['credentials for a named origin', api({ 'access-control-allow-origin': 'https://example.com', 'access-control-allow-credentials': 'true' })],
    ['a third-party API', api({ 'access-control-allow-origin': 'null', 'access-control-allow-credentials': 'true' }, 'https://api.vendor.test/x')],
  ])('passes: %s', (_name, page) => {
    expect(findingsOf(check, site(page))).toEqual([]);
  });

  it('flags the null origin with credentials as a warning', () => {
    const [f] = findingsOf(check, site(api({ 'access-control-allow-origin': 'null', 'access-control-allow-credentials': 'true' })));
    expect(f).toMatchObject({ check_id: 'security.cors_misconfiguration', severity: 'warning' });
    expect(f!.evidence!.responses).toEqual([expect.objectContaining({ url: 'https://api.example.com/me', allow_origin: 'null' })]);
  });

  it('notes a wildcard with credentials (rejected by browsers) as info', () => {
    const [f] = findingsOf(check, site(api({ 'access-control-allow-origin': '*', 'access-control-allow-credentials': 'TRUE' })));
    expect(f).toMatchObject({ severity: 'info' });
  });

  it('passes a realistic clean site', () => {
    expect(findingsOf(check, site(hardened('/')))).toEqual([]);
  });
});
