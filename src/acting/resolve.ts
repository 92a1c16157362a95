// Finds the one element a step means, the way a person reads the page: by role and accessible
// name, by label, by visible text, then by test id. A pinned step is resolved from its pinned
// identity and re-checked against it before anything is touched: a different element is never
// used silently. No match, or more than one, fails with the nearest candidates.
import type { Locator, Page } from 'playwright-core';
import { describeIdentity, identityOf, interactiveIdentities, sameIdentity, sameRoleAndName, type TargetIdentity } from './identity.js';
import { nearest } from './similarity.js';

export type TargetKind = 'clickable' | 'field' | 'select' | 'toggle' | 'visible';

export type Resolution =
  | { ok: true; locator: Locator; identity: TargetIdentity; strategy: string; healed: boolean; note: string | null }
  | { ok: false; error: string; found: TargetIdentity | null; candidates: TargetIdentity[]; retry: boolean };

type Strategy = [name: string, make: (page: Page, name: string) => Locator];

const CLICKABLE_ROLES = ['button', 'link', 'menuitem', 'tab', 'option', 'switch'] as const;

function strategies(kind: TargetKind): Strategy[] {
  const exact = { exact: true };
  const byRole = (roles: readonly string[], ex: boolean): Strategy[] =>
    roles.map((r) => [`role=${r}${ex ? '' : '~'}`, (p, n) => p.getByRole(r as Parameters<Page['getByRole']>[0], { name: n, exact: ex })]);
  switch (kind) {
    case 'clickable':
      return [...byRole(CLICKABLE_ROLES, true), ['text', (p, n) => p.getByText(n, exact)], ['test_id', (p, n) => p.getByTestId(n)],
        ...byRole(['button', 'link'], false), ['text~', (p, n) => p.getByText(n)]];
    case 'field':
      return [['label', (p, n) => p.getByLabel(n, exact)], ['placeholder', (p, n) => p.getByPlaceholder(n, exact)],
        ...byRole(['textbox', 'searchbox', 'spinbutton'], true), ['test_id', (p, n) => p.getByTestId(n)],
        ['label~', (p, n) => p.getByLabel(n)], ['placeholder~', (p, n) => p.getByPlaceholder(n)]];
    case 'select':
      return [['label', (p, n) => p.getByLabel(n, exact)], ...byRole(['combobox', 'listbox'], true), ['test_id', (p, n) => p.getByTestId(n)], ['label~', (p, n) => p.getByLabel(n)]];
    case 'toggle':
      return [['label', (p, n) => p.getByLabel(n, exact)], ...byRole(['checkbox', 'radio', 'switch'], true), ['test_id', (p, n) => p.getByTestId(n)], ['label~', (p, n) => p.getByLabel(n)]];
    case 'visible':
      return [...byRole(['heading', 'button', 'link', 'img', 'dialog', 'alert'], true), ['label', (p, n) => p.getByLabel(n, exact)],
        ['text', (p, n) => p.getByText(n, exact)], ['test_id', (p, n) => p.getByTestId(n)], ['text~', (p, n) => p.getByText(n)]];
  }
}

async function visible(loc: Locator): Promise<Locator[]> {
  const all = await loc.filter({ visible: true }).all().catch(() => [] as Locator[]);
  return all.slice(0, 20);
}

/** A step's target resolved afresh from the name the spec gives. */
export async function resolveByName(page: Page, kind: TargetKind, name: string): Promise<Resolution> {
  for (const [strategy, make] of strategies(kind)) {
    const found = await visible(make(page, name));
    if (found.length === 1) return { ok: true, locator: found[0]!, identity: await identityOf(found[0]!), strategy, healed: false, note: null };
    if (found.length > 1) {
      const candidates = await Promise.all(found.slice(0, 5).map((l) => identityOf(l).catch(() => null)));
      return { ok: false, error: `"${name}" matches ${found.length} elements (${strategy}); the step must name exactly one`, found: null, candidates: candidates.filter((c): c is TargetIdentity => c !== null), retry: false };
    }
  }
  return { ok: false, error: `nothing on the page matches "${name}"`, found: null, candidates: nearest(name, await interactiveIdentities(page)), retry: true };
}

/**
 * A pinned step: the element with the pinned role and name, checked against the pinned identity.
 * Same role and name but other details changed (position, form, test id) → healed, reported. The
 * pinned position now holding another element (renamed, swapped, replaced) → failed, never touched.
 */
export async function resolvePinned(page: Page, pinned: TargetIdentity): Promise<Resolution> {
  if (pinned.role && pinned.name) {
    const found = await visible(page.getByRole(pinned.role as Parameters<Page['getByRole']>[0], { name: pinned.name, exact: true }));
    const read = await Promise.all(found.map(async (locator) => ({ locator, id: await identityOf(locator).catch(() => null) })));
    const same = read.filter((r): r is { locator: Locator; id: TargetIdentity } => r.id !== null && sameRoleAndName(r.id, pinned));
    const exact = same.filter((r) => sameIdentity(r.id, pinned));
    if (exact.length === 1) return { ok: true, locator: exact[0]!.locator, identity: pinned, strategy: 'pinned', healed: false, note: null };
    if (same.length === 1) {
      const now = same[0]!.id;
      return { ok: true, locator: same[0]!.locator, identity: now, strategy: 'pinned:role+name', healed: true, note: `healed: found ${describeIdentity(now)} by role and name; its position or details changed (was ${pinned.css})` };
    }
    if (same.length > 1) {
      return { ok: false, error: `${same.length} elements are ${describeIdentity(pinned)}; none matches the pinned details exactly`, found: null, candidates: same.slice(0, 5).map((r) => r.id), retry: false };
    }
  }
  // The role and name no longer lead anywhere: what stands where the pinned element was?
  for (const sel of [pinned.test_id ? page.getByTestId(pinned.test_id) : null, pinned.css ? page.locator(pinned.css) : null]) {
    if (!sel) continue;
    const found = await visible(sel);
    if (found.length !== 1) continue;
    const now = await identityOf(found[0]!).catch(() => null);
    if (now && sameRoleAndName(now, pinned)) return { ok: true, locator: found[0]!, identity: now, strategy: 'pinned:selector', healed: !sameIdentity(now, pinned), note: null };
    if (now) {
      return { ok: false, error: `the page changed: expected ${describeIdentity(pinned)}, found ${describeIdentity(now)} in its place; not touched`, found: now, candidates: nearest(pinned.name ?? '', await interactiveIdentities(page)), retry: true };
    }
  }
  return { ok: false, error: `${describeIdentity(pinned)} is no longer on the page`, found: null, candidates: nearest(pinned.name ?? '', await interactiveIdentities(page)), retry: true };
}
