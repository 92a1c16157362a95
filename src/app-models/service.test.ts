// parseDomain: what a domain of an app model is, and every way it is not one.
import { describe, expect, it } from 'vitest';
import { parseDomain } from './service.js';

describe('parseDomain', () => {
  it.each([
    ['shop.example.com', 'shop.example.com'],
    ['Shop.Example.COM.', 'shop.example.com'],
    ['localhost', 'localhost'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['a1.b-2.example', 'a1.b-2.example'],
  ])('%s → %s', (raw, domain) => {
    expect(parseDomain(raw)).toEqual({ ok: true, domain });
  });

  it.each([
    ['', 'is empty'],
    ['   ', 'is empty'],
    ['https://shop.example', 'has a scheme'],
    ['shop.example/admin', 'has a path'],
    ['shop.example:8443', 'has a port'],
    ['127.0.0.1', 'is an IP address'],
    ['0x7f000001', 'is an IP address'],
    ['[::1]', 'is an IP address'],
    ['::1', 'is an IP address'],
    ['shop_example.com', 'is not a host name'],
    ['-shop.example', 'is not a host name'],
    ['*.shop.example', 'is not a host name'],
    [`${'a'.repeat(63)}.`.repeat(4) + 'example', 'is longer than 253 characters'],
  ])('%j is refused: %s', (raw, reason) => {
    const r = parseDomain(raw);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.reason).toContain(reason);
  });
});
