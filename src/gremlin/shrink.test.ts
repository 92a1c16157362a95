import { describe, expect, it } from 'vitest';
import { ddmin, shrinkWalk, split } from './shrink.js';

const needs = (...essential: number[]) => async (xs: number[]) => essential.every((e) => xs.includes(e));

describe('ddmin', () => {
  it('splits into near-equal contiguous pieces', () => {
    expect(split([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4, 5]]);
    expect(split([1, 2, 3], 3)).toEqual([[1], [2], [3]]);
  });

  it.each([
    ['two essential steps at both ends of twelve', 12, [0, 11]],
    ['one essential step in the middle', 12, [6]],
    ['three scattered steps', 12, [2, 5, 9]],
    ['every step essential', 4, [0, 1, 2, 3]],
  ])('finds the minimal list: %s', async (_n, length, essential) => {
    const r = await ddmin(Array.from({ length }, (_, i) => i), needs(...essential), () => true);
    expect(r.steps).toEqual(essential);
    expect(r.reproduced).toBe(true);
    expect(r.replays).toBeLessThanOrEqual(30);
  });

  it('does not shrink what does not reproduce, and stops when the budget is spent', async () => {
    expect(await ddmin([1, 2, 3], async () => false, () => true)).toEqual({ steps: [1, 2, 3], replays: 1, reproduced: false });
    let left = 3;
    const r = await ddmin(Array.from({ length: 12 }, (_, i) => i), needs(0, 11), () => left-- > 0);
    expect(r.replays).toBe(3);
    expect(r.steps).toContain(0);
    expect(r.steps).toContain(11);
  });

  it('keeps the step where the breakage showed and shrinks what came before it', async () => {
    const walk = Array.from({ length: 12 }, (_, i) => i);
    const r = await shrinkWalk(walk, needs(0, 11), () => true);
    expect(r).toMatchObject({ steps: [0, 11], reproduced: true });
    expect(r.replays).toBeLessThanOrEqual(8);
    expect((await shrinkWalk(walk, needs(11), () => true)).steps).toEqual([11]);
    expect((await shrinkWalk([5], needs(5), () => true)).steps).toEqual([5]);
    expect(await shrinkWalk(walk, async () => false, () => true)).toMatchObject({ steps: walk, reproduced: false, replays: 1 });
  });
});
