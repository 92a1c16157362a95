import { describe, expect, it } from 'vitest';
import { makeRequest } from '../../test-support.js';
import { cachePolicy, formatSeconds, parseCacheControl } from './cache.js';

const NOW = '2026-01-01T00:00:00.000Z';
const policy = (headers: Record<string, string>) => cachePolicy(makeRequest({ response_headers: headers }), NOW);

describe('cache policy', () => {
  it('parses directives case-insensitively, first one wins', () => {
    const cc = parseCacheControl('Public, MAX-AGE=600, max-age=5, s-maxage="3600"');
    expect([cc.get('public'), cc.get('max-age'), cc.get('s-maxage')]).toEqual([true, '600', '3600']);
  });

  it.each([
    [{ 'cache-control': 'public, max-age=31536000, immutable' }, { kind: 'ttl', seconds: 31536000, source: 'max-age' }],
    [{ 'cache-control': 'max-age=600' }, { kind: 'ttl', seconds: 600, source: 'max-age' }],
    [{ 'cache-control': 'no-cache' }, { kind: 'deliberate', directive: 'no-cache' }],
    [{ 'cache-control': 'public, max-age=0, must-revalidate' }, { kind: 'deliberate', directive: 'must-revalidate' }],
    [{ 'cache-control': 'max-age=0' }, { kind: 'deliberate', directive: 'max-age=0' }],
    [{ pragma: 'no-cache' }, { kind: 'deliberate', directive: 'pragma: no-cache' }],
    [{ 'cache-control': 's-maxage=86400' }, { kind: 'none' }],
    [{}, { kind: 'none' }],
    [{ expires: 'Thu, 01 Jan 2026 02:00:00 GMT', date: 'Thu, 01 Jan 2026 00:00:00 GMT' }, { kind: 'ttl', seconds: 7200, source: 'expires' }],
    [{ expires: 'Fri, 02 Jan 2026 00:00:00 GMT' }, { kind: 'ttl', seconds: 86400, source: 'expires' }],
    [{ expires: '0' }, { kind: 'deliberate', directive: 'expires in the past' }],
  ] as const)('%j → %j', (headers, expected) => {
    expect(policy({ ...headers })).toEqual(expected);
  });

  it('formats lifetimes', () => {
    expect([formatSeconds(45), formatSeconds(600), formatSeconds(7200), formatSeconds(604800)]).toEqual(['45 s', '10 min', '2 h', '7 d']);
  });
});
