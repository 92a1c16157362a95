// NOTIFY channel names: readable for plain schema names, hashed (and within Postgres' 63 bytes) otherwise.
import { describe, expect, it } from 'vitest';
import { channelName } from '../../src/store/pg-signals.js';

describe('channelName', () => {
  it('keeps a plain schema readable', () => {
    expect(channelName('public', 'runs')).toBe('siteqa:public:runs');
  });

  it('hashes schema names that are long or not plain, keeping them apart', () => {
    const long = channelName('a'.repeat(60), 'run_events');
    const odd = channelName('Tenant "A"', 'run_events');
    for (const name of [long, odd]) {
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(63);
      expect(name).toMatch(/^siteqa:[0-9a-f]{16}:run_events$/);
    }
    expect(long).not.toBe(odd);
    expect(channelName('Tenant "A"', 'runs')).not.toBe(odd);
  });
});
