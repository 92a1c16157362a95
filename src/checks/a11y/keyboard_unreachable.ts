// Accessible: elements that look and act clickable (a pointer cursor, a click listener of their own) but
// that no keyboard reaches (WCAG 2.1 SC 2.1.1 Keyboard, A): a lightbox thumbnail whose link lost its
// href, a `<div onclick>` card with no link inside. Read on the start page by its listeners
// (capture/focus-walk.ts), and on every other page by the handlers its markup declares (`onclick`).
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { listed } from '../http/support/lists.js';
import { namedTarget, occurrenceOf, walkedPages } from './support/keyboard.js';

export const meta: CheckMeta = {
  id: 'a11y.keyboard_unreachable',
  section: 'accessible',
  severity: 'warning',
  title: 'Clickable elements cannot be reached with the keyboard',
  impact: 'Someone who cannot use a mouse never reaches these controls: whatever they open or do is out of reach.',
  docs: '/docs/checks/a11y.keyboard_unreachable',
  requires: ['accessibility'],
  optional: ['dom'],
  thresholds: {
    wcag: '2.1.1 Keyboard (A)',
    signals: 'pointer cursor + own click/pointer listener, not focusable, nothing focusable inside or around; a navigation submenu shown on :hover and not on focus',
    where: 'the start page (listeners, hover menus); every other page (an onclick attribute)',
  },
};

const UNREACHABLE = 'Has a click listener and a pointer cursor, but is not focusable and holds no link or button: Tab never reaches it';

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const out: FindingDraft[] = [];
  for (const { page, walk } of walkedPages(evidence, views)) {
    const found = walk.pointer_only ?? [];
    const first = found[0];
    if (first) out.push({
      page: page.final_url,
      title: `${found.length} clickable element${found.length === 1 ? '' : 's'} no keyboard can reach (first: ${namedTarget(first)})`,
      evidence: {
        wcag: ['2.1.1'],
        // Outlined on the page's picture, as the axe rules' elements are.
        pages: [occurrenceOf(page.final_url, found, found.length, UNREACHABLE)],
      },
    });
    const menus = walk.hover_only_menus ?? [];
    if (menus.length) {
      const links = menus.reduce((n, m) => n + m.links, 0);
      out.push({
        page: page.final_url,
        title: `${menus.length === 1 ? 'A menu opens' : `${menus.length} menus open`} only on hover: ${links} link${links === 1 ? '' : 's'} no keyboard can reach (first: under ${namedTarget(menus[0]!)})`,
        subject: 'hover-only menus',
        evidence: {
          wcag: ['2.1.1'],
          menus: menus.map((m) => ({ trigger: m.text, selector: m.selector, links: m.links, first_links: m.sample })),
          pages: [occurrenceOf(page.final_url, menus, menus.length, 'Its submenu shows when the pointer rests on it, and not when it has keyboard focus: Tab goes past the submenu\'s links')],
        },
      });
    }
  }
  out.push(...declaredHandlers(evidence, views, new Set(walkedPages(evidence, views).map(({ page }) => page.final_url))));
  return out;
}

/**
 * The other pages' elements with an `onclick` of their own that no keyboard reaches (a CV's
 * `<h3 onclick="toggleContent(this)">` sections): one finding for the site, its pages listed.
 */
function declaredHandlers(evidence: EvidenceBundle, views: EvidenceViews, walked: Set<string>): FindingDraft[] {
  const pages = views.loadedPages.filter((p) => !walked.has(p.final_url) && p.status! < 400 && views.isFirstParty(p.final_url) && p.dom?.inline_click_only?.length);
  if (!pages.length) return [];
  const total = pages.reduce((n, p) => n + p.dom!.inline_click_only!.length, 0);
  const first = pages[0]!.dom!.inline_click_only![0]!;
  const where = pages.length === 1 ? '' : ` on ${pages.length} pages`;
  return [
    {
      page: pages.length === 1 ? pages[0]!.final_url : undefined,
      title: `${total} element${total === 1 ? '' : 's'} with a click handler no keyboard can reach${where} (first: ${namedTarget(first)})`,
      subject: 'click handlers in the markup',
      evidence: {
        wcag: ['2.1.1'],
        ...listed('pages', pages.map((p) => occurrenceOf(p.final_url, p.dom!.inline_click_only!, p.dom!.inline_click_only!.length, UNREACHABLE.replace('a click listener', 'an onclick handler')))),
      },
    },
  ];
}

export const check: Check = { meta, run };
