// Protocol calls that create objects a page owns (an exposed binding, a page init script) must
// settle before the page closes: Playwright's client throws an uncaught exception, which would end
// the worker, when such an object arrives for a page it has already disposed. A call abandoned by a
// time limit (`within`) can still be on its way, so whoever closes the page waits for it first.
import type { Page } from 'playwright-core';
import { within } from '../time.js';

const pending = new WeakMap<Page, Set<Promise<unknown>>>();
/** Pages that ever held such an object: it stays with the page across navigations, so the tab is not reused. */
const owning = new WeakSet<Page>();

/** Registers a call that creates an object owned by `page`; closePage waits for it. */
export function holdsPage<T>(page: Page, call: Promise<T>): Promise<T> {
  owning.add(page);
  let calls = pending.get(page);
  if (!calls) pending.set(page, (calls = new Set()));
  const held: Promise<unknown> = call.then(() => {}, () => {});
  calls.add(held);
  void held.then(() => calls!.delete(held));
  return call;
}

/** Closes a page once the calls it holds have settled (each bounded by `ms`). */
export async function closePage(page: Page, ms = 3000): Promise<void> {
  const calls = pending.get(page);
  if (calls?.size) await within(Promise.all([...calls]), ms, undefined);
  await within(page.close({ runBeforeUnload: false }), ms, undefined);
}

/** Whether the page was given an object of its own (an exposed binding, an init script) that outlives its document. */
export function ownsObjects(page: Page): boolean {
  return owning.has(page);
}
