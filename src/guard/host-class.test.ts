import { describe, expect, it } from 'vitest';
import { hostClass } from './host-class.js';

const resolver = (table: Record<string, string[]>) => async (name: string) => {
  if (!(name in table)) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return table[name]!;
};

describe('hostClass', () => {
  const lookup = resolver({ 'www.example.com': ['93.184.216.34', '2606:2800:220:1::1'], 'intranet.corp.example': ['10.0.0.2'], 'mixed.example': ['93.184.216.34', '192.168.1.9'] });
  it.each([
    ['93.184.216.34', 'public'],
    ['127.0.0.1', 'private'],
    ['[::1]', 'private'],
    ['10.1.2.3', 'private'],
    ['localhost', 'private'],
    ['printer', 'private'],
    ['www.example.com', 'public'],
    ['intranet.corp.example', 'private'],
    ['mixed.example', 'private'],
    ['gone.example', null],
  ] as const)('%s is %s', async (host, expected) => {
    expect(await hostClass(host, lookup)).toBe(expected);
  });
});
