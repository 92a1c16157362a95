// pinnedLookup answers only with the checked addresses, in the shapes net.connect asks for.
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { pinnedLookup } from './pinned-lookup.js';

function ask(addresses: string[], options: object): Promise<{ err: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number }> {
  return new Promise((resolve) => {
    pinnedLookup(addresses)('example.com', options, (err, address, family) => resolve({ err, address, family }));
  });
}

describe('pinnedLookup', () => {
  const checked = ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'];

  it('returns the first checked address by default', async () => {
    expect(await ask(checked, {})).toEqual({ err: null, address: '93.184.215.14', family: 4 });
  });

  it('returns every checked address when asked for all (happy eyeballs)', async () => {
    expect((await ask(checked, { all: true })).address).toEqual([
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    ]);
  });

  it('honours a requested family', async () => {
    expect(await ask(checked, { family: 6 })).toEqual({ err: null, address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 });
  });

  it('fails rather than falling back to DNS when no checked address fits', async () => {
    const { err } = await ask(['93.184.215.14'], { family: 6 });
    expect(err?.code).toBe('ENOTFOUND');
  });
});
