// Time bounds for browser work: nothing a page does may hold a run past its deadline.

export class TimeoutError extends Error {}

/** Resolves to the promise's value, or rejects with TimeoutError after `ms` (the promise is left to settle). */
export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  if (ms <= 0) {
    p.catch(() => {});
    return Promise.reject(new TimeoutError(`${what}: no time left`));
  }
  let timer: NodeJS.Timeout;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what}: timed out after ${ms} ms`)), ms);
  });
  p.catch(() => {});
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

/** Like withTimeout, but yields `fallback` instead of throwing. */
export async function within<T>(p: Promise<T>, ms: number, fallback: T): Promise<T> {
  try {
    return await withTimeout(p, ms, 'step');
  } catch {
    return fallback;
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));
