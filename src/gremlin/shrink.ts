// Delta debugging (Zeller's ddmin) over a breakage's step list: try halves, then complements, then
// finer pieces, keeping any shorter list that still reproduces the breakage, until no single step can
// be dropped or the replay budget is spent. Pure: the replay is passed in, and each distinct list is
// replayed at most once.

export interface ShrinkResult<T> {
  /** The shortest list found that still reproduces (the input when nothing shorter did). */
  steps: T[];
  /** Replays spent. */
  replays: number;
  /** Whether the full list reproduced at all in a fresh session (when not, nothing was shrunk). */
  reproduced: boolean;
}

/**
 * `reproduces` replays a list in a fresh session; `mayReplay` says whether the budget (replay count,
 * time) allows one more. The full list is replayed first: a breakage that does not come back in a
 * fresh session cannot be shrunk honestly.
 */
export async function ddmin<T>(items: T[], reproduces: (steps: T[]) => Promise<boolean>, mayReplay: () => boolean): Promise<ShrinkResult<T>> {
  const tried = new Map<string, boolean>();
  let replays = 0;
  const test = async (idx: number[]): Promise<boolean | null> => {
    const key = idx.join(',');
    const known = tried.get(key);
    if (known !== undefined) return known;
    if (!mayReplay()) return null;
    replays++;
    const ok = await reproduces(idx.map((i) => items[i]!));
    tried.set(key, ok);
    return ok;
  };
  let current = items.map((_, i) => i);
  const full = await test(current);
  if (!full) return { steps: items, replays, reproduced: false };
  let n = 2;
  outer: while (current.length >= 2) {
    const chunks = split(current, n);
    for (const chunk of chunks) {
      const r = await test(chunk);
      if (r === null) break outer;
      if (r) {
        current = chunk;
        n = 2;
        continue outer;
      }
    }
    if (n > 2) {
      for (const chunk of chunks) {
        const complement = current.filter((i) => !chunk.includes(i));
        const r = await test(complement);
        if (r === null) break outer;
        if (r) {
          current = complement;
          n = Math.max(n - 1, 2);
          continue outer;
        }
      }
    }
    if (n >= current.length) break;
    n = Math.min(current.length, n * 2);
  }
  return { steps: current.map((i) => items[i]!), replays, reproduced: true };
}

/** `xs` in `n` contiguous pieces of near-equal length. */
export function split<T>(xs: T[], n: number): T[][] {
  const out: T[][] = [];
  let start = 0;
  for (let i = 0; i < n; i++) {
    const end = start + Math.floor((xs.length - start) / (n - i));
    if (end > start) out.push(xs.slice(start, end));
    start = end;
  }
  return out;
}

/**
 * Shrinks a walk whose last step is where the breakage showed: that step stays, and ddmin runs over
 * the steps before it (far fewer replays than over the whole list); when one earlier step is left,
 * the last step alone is tried too.
 */
export async function shrinkWalk<T>(walk: T[], reproduces: (steps: T[]) => Promise<boolean>, mayReplay: () => boolean): Promise<ShrinkResult<T>> {
  if (!walk.length) return { steps: walk, replays: 0, reproduced: false };
  const last = walk[walk.length - 1]!;
  const r = await ddmin(walk.slice(0, -1), (before) => reproduces([...before, last]), mayReplay);
  let steps = r.steps;
  let replays = r.replays;
  if (r.reproduced && steps.length === 1 && mayReplay()) {
    replays++;
    if (await reproduces([last])) steps = [];
  }
  return { steps: r.reproduced ? [...steps, last] : walk, replays, reproduced: r.reproduced };
}
