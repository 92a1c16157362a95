import { describe, expect, it } from 'vitest';
import { failureReason, guardReasonKind, upstreamErrorOf, withUpstreamError } from './request-outcome.js';

describe('failureReason', () => {
  it.each([
    ['net::ERR_NAME_NOT_RESOLVED', null, 'dns'],
    ['net::ERR_CONNECTION_REFUSED', null, 'refused'],
    ['net::ERR_CONNECTION_FAILED (ECONNREFUSED)', null, 'refused'],
    ['net::ERR_CONNECTION_RESET', null, 'reset'],
    ['net::ERR_EMPTY_RESPONSE', null, 'reset'],
    ['net::ERR_TIMED_OUT', null, 'timeout'],
    ['net::ERR_CERT_DATE_INVALID', null, 'tls'],
    ['net::ERR_BLOCKED_BY_CSP', null, 'csp'],
    ['csp', null, 'csp'],
    ['net::ERR_BLOCKED_BY_CLIENT', null, 'blocked_by_client'],
    ['net::ERR_ABORTED', null, 'aborted'],
    ['net::ERR_FAILED', null, 'other'],
    ['net::ERR_TUNNEL_CONNECTION_FAILED', 'cdn.example.invalid could not be resolved (ENOTFOUND)', 'dns'],
    [null, 'assets.example.com resolves to 10.0.0.5, a private address (RFC 1918)', 'guard_private'],
    [null, '127.0.0.1 is a loopback address', 'guard_private'],
    [null, 'printer.local is a multicast-DNS name for the local network (RFC 6762)', 'guard_private'],
    [null, 'update.googleapis.com is browser background traffic, not the site', 'guard'],
    [null, 'example.net:443 is not in QA_URL_ALLOWLIST, and this installation reaches only the hosts listed there (QA_URL_ALLOWLIST_ONLY)', 'guard'],
    ['net::ERR_TUNNEL_CONNECTION_FAILED (ECONNREFUSED)', null, 'refused'],
    ['net::ERR_TUNNEL_CONNECTION_FAILED (ETIMEDOUT)', null, 'timeout'],
    // The audit machine's resolver failing is not the site's host being gone.
    ['net::ERR_NAME_RESOLUTION_FAILED', null, 'timeout'],
    ['net::ERR_TUNNEL_CONNECTION_FAILED', 'cdn.example.com could not be resolved (EAI_AGAIN)', 'timeout'],
    // A DNS sinkhole on the audit machine answers blocked names with 0.0.0.0: not the page's private request.
    [null, 'ads.example.com resolves to 0.0.0.0, the unspecified address, which reaches the local host', 'guard'],
    [null, null, null],
  ] as const)('%s / %s → %s', (failure, guard, expected) => {
    expect(failureReason(failure, guard)).toBe(expected);
  });

  it('reads the guard\'s "no addresses" as DNS', () => {
    expect(guardReasonKind('shop.example has no addresses')).toBe('dns');
  });
});

describe('upstreamErrorOf', () => {
  it.each<[string | null, string | null]>([
    // Written by capture from our proxy's x-siteqa-upstream-error (plain http) or its tunnel report (https).
    [withUpstreamError('net::ERR_CONNECTION_FAILED', 'ECONNRESET'), 'ECONNRESET'],
    [withUpstreamError('net::ERR_TUNNEL_CONNECTION_FAILED', 'connect timed out'), 'connect timed out'],
    // The browser's own words: nothing says our proxy failed.
    ['net::ERR_CONNECTION_FAILED', null],
    ['net::ERR_CONNECTION_RESET', null],
    ['net::ERR_TUNNEL_CONNECTION_FAILED', null],
    [null, null],
  ])('%s → %s', (failure, code) => {
    expect(upstreamErrorOf(failure)).toBe(code);
  });
});
