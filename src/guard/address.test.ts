// Table of address classes: every refused range with a representative, and public addresses that pass.
import { describe, expect, it } from 'vitest';
import { classifyAddress } from './address.js';

const refused: [ip: string, reasonPart: string][] = [
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', '0.0.0.0/8'],
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.254', 'carrier-grade NAT'],
  ['100.100.100.200', 'carrier-grade NAT'], // Alibaba Cloud metadata
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['169.254.169.254', 'metadata'],
  ['169.254.0.1', 'link-local'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.0.0.8', 'IETF protocol'],
  ['192.0.2.1', 'documentation'],
  ['192.88.99.1', '6to4 relay'],
  ['192.168.1.1', 'private'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['::ffff:127.0.0.1', 'IPv4-mapped'],
  ['::ffff:7f00:1', 'IPv4-mapped'],
  ['::ffff:8.8.8.8', 'IPv4-mapped'], // refused even when public: connect over IPv4 instead
  ['::127.0.0.1', 'IPv4-compatible'],
  ['::7f00:1', 'IPv4-compatible'],
  ['64:ff9b::7f00:1', 'NAT64 address embedding 127.0.0.1'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 address embedding 169.254.169.254'],
  ['64:ff9b:1::1', 'local-use NAT64'],
  ['100::1', 'discard'],
  ['2001:2::1', 'benchmarking'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'], // client 192.0.2.45 (inverted), documentation range
  ['2001:0:0a00:0001::1', 'Teredo address embedding 10.0.0.1'], // private Teredo server
  ['2001:1::1', 'IETF protocol'],
  ['2001:db8::1', 'documentation'],
  ['2002:7f00:1::1', '6to4 address embedding 127.0.0.1'],
  ['2002:c0a8:101::1', '6to4 address embedding 192.168.1.1'],
  ['3fff::1', 'documentation'],
  ['fd00:ec2::254', 'metadata'],
  ['fc00::1', 'unique-local'],
  ['fdff:ffff::1', 'unique-local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['febf::1', 'link-local'],
  ['fec0::1', 'site-local'],
  ['ff02::1', 'multicast'],
  ['ff0e::1', 'multicast'],
  ['::ffff:0:7f00:1', 'global unicast'], // IPv4-translated (RFC 6145)
  ['4000::1', 'global unicast'],
  ['5f00::1', 'global unicast'],
];

const publicAddresses = [
  '1.1.1.1', '8.8.8.8', '93.184.215.14', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0',
  '192.0.1.255', '192.167.255.255', '192.169.0.0', '198.17.255.255', '198.20.0.0', '223.255.255.255',
  '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '2001:4860:4860::8888',
  '64:ff9b::808:808', // NAT64 of 8.8.8.8: how an IPv6-only network reaches IPv4 sites
  '2002:808:808::1', // 6to4 of 8.8.8.8
  '2001:0:0808:0808:0:0:f7f7:f7f7', // Teredo: server 8.8.8.8, client 8.8.8.8 (inverted)
];

// Non-canonical spellings are refused, never interpreted (the URL parser canonicalises before us).
const notPlain = ['127.1', '0x7f000001', '2130706433', '0177.0.0.1', '1.2.3.04', 'localhost', '', ' 1.2.3.4', '[127.0.0.1]'];

describe('classifyAddress', () => {
  it.each(refused)('refuses %s (%s)', (ip, part) => {
    const verdict = classifyAddress(ip);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toContain(part);
  });

  it.each(publicAddresses)('accepts public %s', (ip) => {
    expect(classifyAddress(ip)).toEqual({ ok: true });
  });

  it.each(notPlain)('refuses the non-plain spelling %j', (ip) => {
    const verdict = classifyAddress(ip);
    expect(verdict).toEqual({ ok: false, reason: expect.stringContaining('not a plain IP address') });
  });

  it('writes the reason as a sentence naming the address', () => {
    expect(classifyAddress('127.0.0.1')).toEqual({ ok: false, reason: '127.0.0.1 is a loopback address' });
    expect(classifyAddress('::ffff:7f00:1')).toEqual({
      ok: false,
      reason: '::ffff:7f00:1 is an IPv4-mapped IPv6 address of 127.0.0.1, a loopback address',
    });
    expect(classifyAddress('64:ff9b::a00:1')).toEqual({
      ok: false,
      reason: '64:ff9b::a00:1 is a NAT64 address embedding 10.0.0.1, a private address (RFC 1918)',
    });
  });
});
