// An element's identity as a person reads it — role, accessible name, label, visible text, test id,
// form context — plus a CSS path as the last resort. Computed by one in-page function both when a
// step is first resolved (pinned) and on every replay, so the two readings compare like for like.
import type { Locator, Page } from 'playwright-core';
import type { StepTargetIdentity } from '../evidence/types.js';

export type TargetIdentity = StepTargetIdentity;

/**
 * Runs in the page on one element. Plain JavaScript in a string: the TypeScript toolchain would wrap
 * named functions in helpers the page does not have. Built into a function once, in Node.
 */
const READ_IDENTITY_SRC = `(el) => {
  const squash = (s, max = 120) => ((s || '').replace(/\\s+/g, ' ').trim().slice(0, max)) || null;
  const tag = el.tagName.toLowerCase();
  const type = (el.getAttribute('type') || '').toLowerCase();
  const implicit = () => {
    if (tag === 'button' || (tag === 'input' && ['button', 'submit', 'reset', 'image'].includes(type))) return 'button';
    if (tag === 'a' && el.hasAttribute('href')) return 'link';
    if (tag === 'input' && type === 'checkbox') return 'checkbox';
    if (tag === 'input' && type === 'radio') return 'radio';
    if (tag === 'select') return 'combobox';
    if (tag === 'textarea' || (tag === 'input' && ['', 'text', 'email', 'search', 'tel', 'url', 'number', 'password'].includes(type))) return 'textbox';
    if (/^h[1-6]$/.test(tag)) return 'heading';
    if (tag === 'img') return 'img';
    return null;
  };
  const role = squash(el.getAttribute('role')) || implicit();
  const labels = el.labels ? Array.from(el.labels).map((l) => l.innerText).join(' ') : '';
  const labelledBy = (el.getAttribute('aria-labelledby') || '').split(/\\s+/).filter(Boolean)
    .map((id) => { const r = document.getElementById(id); return r ? r.innerText : ''; }).join(' ');
  const text = squash(el.innerText);
  const name = squash(labelledBy) || squash(el.getAttribute('aria-label')) || squash(labels)
    || (tag === 'input' && ['submit', 'button', 'reset'].includes(type) ? squash(el.value) : null)
    || squash(el.getAttribute('alt')) || (['textbox', 'combobox'].includes(role || '') ? null : text)
    || squash(el.getAttribute('title')) || squash(el.getAttribute('placeholder'));
  const parts = [];
  for (let node = el; node && node.tagName.toLowerCase() !== 'html'; node = node.parentElement) {
    if (node.id && document.querySelectorAll('#' + CSS.escape(node.id)).length === 1) { parts.unshift('#' + CSS.escape(node.id)); break; }
    const t = node.tagName.toLowerCase();
    const same = node.parentElement ? Array.from(node.parentElement.children).filter((c) => c.tagName === node.tagName) : [];
    parts.unshift(same.length > 1 ? t + ':nth-of-type(' + (same.indexOf(node) + 1) + ')' : t);
  }
  const form = el.closest('form');
  const formName = form
    ? (squash(form.getAttribute('aria-label')) || squash(form.getAttribute('name')) || (form.id ? '#' + form.id : null) || squash(form.getAttribute('action')))
    : null;
  return {
    role, name, label: squash(labels) || squash(el.getAttribute('aria-label')), text,
    test_id: squash(el.getAttribute('data-testid') || el.getAttribute('data-test-id') || el.getAttribute('data-test')),
    css: parts.join(' > '), tag, form: formName,
  };
}`;

const readIdentity = new Function(`return (${READ_IDENTITY_SRC})`)() as (el: Element) => TargetIdentity;
const readIdentities = new Function(`return (els, max) => els.slice(0, max).map(${READ_IDENTITY_SRC})`)() as (els: Element[], max: number) => TargetIdentity[];

export function identityOf(locator: Locator, timeoutMs = 2000): Promise<TargetIdentity> {
  return locator.evaluate(readIdentity, undefined, { timeout: timeoutMs });
}

/** Identities of the visible interactive elements (buttons, links, fields), to name the nearest candidates. */
export async function interactiveIdentities(page: Page, max = 200): Promise<TargetIdentity[]> {
  const sel = 'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=link], [role=checkbox], [role=tab], [role=menuitem], [data-testid]';
  return page.locator(sel).filter({ visible: true }).evaluateAll(readIdentities, max).catch(() => []);
}

/** Same element as pinned when role and accessible name agree (what a person would call "the same button"). */
export function sameRoleAndName(a: TargetIdentity, b: TargetIdentity): boolean {
  return a.role === b.role && norm(a.name) === norm(b.name);
}

/** Every part of the identity agrees: the pinned selectors still describe this element exactly. */
export function sameIdentity(a: TargetIdentity, b: TargetIdentity): boolean {
  return sameRoleAndName(a, b) && a.tag === b.tag && a.form === b.form && a.test_id === b.test_id && a.css === b.css;
}

export function describeIdentity(t: TargetIdentity): string {
  return `${t.role ?? t.tag}${t.name ? ` "${t.name}"` : ''}${t.form ? ` in form ${t.form}` : ''}`;
}

function norm(s: string | null): string {
  return (s ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
}
