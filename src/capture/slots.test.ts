import { describe, expect, it } from 'vitest';
import { Slots } from './slots.js';

/** Work that ends when told to; records when it started. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const done = new Promise<void>((r) => (open = r));
  return { run: async () => { log.push(name); await done; }, open };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('Slots', () => {
  it('never has more than `size` holders', async () => {
    const slots = new Slots(3);
    let now = 0;
    let peak = 0;
    await Promise.all(Array.from({ length: 12 }, (_, i) => slots.use(async () => {
      peak = Math.max(peak, ++now);
      await new Promise((r) => setTimeout(r, 1 + (i % 3)));
      now--;
    }, { side: i % 2 === 0 })));
    expect(peak).toBe(3);
  });

  it('keeps the rest for the crawl: side work holds one slot at a time', async () => {
    const slots = new Slots(4);
    const log: string[] = [];
    const sides = [gate(log, 'reject'), gate(log, 'accept')];
    const side = sides.map((g) => slots.use(g.run, { side: true }));
    await tick();
    expect(log).toEqual(['reject']);
    const pages = [gate(log, 'p1'), gate(log, 'p2'), gate(log, 'p3'), gate(log, 'p4')];
    const crawl = pages.map((g) => slots.use(g.run));
    await tick();
    expect(log).toEqual(['reject', 'p1', 'p2', 'p3']);
    // The side load ends: the waiting side work is under its share again and goes first.
    sides[0]!.open();
    await tick();
    await tick();
    expect(log.slice(4)).toEqual(['accept']);
    // A crawl page ends: the slot goes to the crawl, not beyond the side share.
    pages[0]!.open();
    await tick();
    await tick();
    expect(log.slice(5)).toEqual(['p4']);
    for (const g of [...sides, ...pages]) g.open();
    await Promise.all([...side, ...crawl]);
  });

  it('with one or two slots, side work and the crawl share them in turn', async () => {
    for (const size of [1, 2]) {
      const slots = new Slots(size);
      const order: string[] = [];
      await Promise.all([
        slots.use(async () => void order.push('side'), { side: true }),
        slots.use(async () => void order.push('page')),
        slots.use(async () => void order.push('side2'), { side: true }),
      ]);
      expect(order.sort()).toEqual(['page', 'side', 'side2']);
    }
  });
});
