// cachedLookupAll: one query per name within the TTL, shared in flight, failures retried.
import { describe, expect, it } from 'vitest';
import { cachedLookupAll } from './lookup-cache.js';

function counting(answer: (name: string, call: number) => string[]) {
  let calls = 0;
  const lookup = async (name: string) => answer(name, ++calls);
  return { lookup, calls: () => calls };
}

describe('cachedLookupAll', () => {
  it('answers repeated and concurrent lookups of one name with one query until the TTL passes', async () => {
    let now = 1_000;
    const source = counting((_name, call) => [`93.184.215.${call}`]);
    const cached = cachedLookupAll(source.lookup, { ttlMs: 100, now: () => now });
    const [a, b] = await Promise.all([cached('example.com'), cached('EXAMPLE.com')]);
    expect(a).toEqual(['93.184.215.1']);
    expect(b).toEqual(['93.184.215.1']);
    now += 99;
    expect(await cached('example.com')).toEqual(['93.184.215.1']);
    expect(source.calls()).toBe(1);
    now += 1;
    expect(await cached('example.com')).toEqual(['93.184.215.2']);
    expect(source.calls()).toBe(2);
  });

  it('does not remember failures', async () => {
    const source = counting((_name, call) => {
      if (call === 1) throw new Error('SERVFAIL');
      return ['1.1.1.1'];
    });
    const cached = cachedLookupAll(source.lookup);
    await expect(cached('example.com')).rejects.toThrow('SERVFAIL');
    expect(await cached('example.com')).toEqual(['1.1.1.1']);
    expect(source.calls()).toBe(2);
  });

  it('hands out copies, so a caller cannot change what others get', async () => {
    const cached = cachedLookupAll(async () => ['1.1.1.1']);
    (await cached('a.example')).push('127.0.0.1');
    expect(await cached('a.example')).toEqual(['1.1.1.1']);
  });

  it('evicts the oldest name beyond maxEntries', async () => {
    const source = counting((name) => [name === 'a.example' ? '1.1.1.1' : '8.8.8.8']);
    const cached = cachedLookupAll(source.lookup, { maxEntries: 2 });
    await cached('a.example');
    await cached('b.example');
    await cached('c.example');
    await cached('a.example');
    expect(source.calls()).toBe(4);
  });
});
