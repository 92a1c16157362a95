// Accessible: elements that look and act clickable (a pointer cursor, a click listener of their own) but
// that no keyboard reaches (WCAG 2.1 SC 2.1.1 Keyboard, A): a lightbox thumbnail whose link lost its
// href, a `<div onclick>` card with no link inside. Read on the start page by its listeners
// (capture/focus-walk.ts), and on every other page by the handlers its markup declares (`onclick`).
import type { EvidenceBundle, KeyboardWalk, PageEvidence } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import { navigatesTo, onlyScrolls } from '../../evidence/handler-source.js';
import { withoutAnchor } from '../../evidence/url-identity.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { groupBy, listed, unique } from '../http/support/lists.js';
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
    signals: 'pointer cursor + own click/pointer listener, not focusable, nothing focusable inside or around; a navigation submenu shown on :hover and not on focus; a tabindex control (role or pointer cursor) with its own click listener and no key listener on it, above it, on the document or the window',
    where: 'the start page (listeners, hover menus); every other page (an onclick attribute)',
  },
};

const UNREACHABLE = (handler: string) => `Has ${handler} and a pointer cursor, but is not focusable and holds no link or button: Tab never reaches it`;

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
        pages: [occurrenceOf(page.final_url, found, found.length, UNREACHABLE('a click listener'))],
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
    const deaf = walk.keys_ignored ?? [];
    if (deaf.length) out.push({
      page: page.final_url,
      title: `${deaf.length} control${deaf.length === 1 ? '' : 's'} Tab reaches that Enter and Space do not work (first: ${namedTarget(deaf[0]!)})`,
      subject: 'controls without keys',
      evidence: {
        wcag: ['2.1.1'],
        pages: [occurrenceOf(page.final_url, deaf, deaf.length, 'Is no native control (a tabindex on another element) and acts on a click listener of its own, with no key listener on it or anywhere above it: the browser does not turn Enter or Space into a click here, so a keyboard user reaches it and nothing happens')],
      },
    });
  }
  out.push(...declaredHandlers(evidence, views, walkedPages(evidence, views)));
  return out;
}

/**
 * The other pages' elements with an `onclick` of their own that no keyboard reaches (a CV's
 * `<h3 onclick="toggleContent(this)">` sections): one finding for the site, its pages listed.
 */
function declaredHandlers(evidence: EvidenceBundle, views: EvidenceViews, walked: readonly { page: PageEvidence; walk: KeyboardWalk }[]): FindingDraft[] {
  const walkedUrls = new Set(walked.map(({ page }) => page.final_url));
  // A template's element the start page's walk already listed (a header's `<div onclick>` logo) is that finding's.
  const listedByWalk = new Set(walked.flatMap(({ walk }) => (walk.pointer_only ?? []).map((t) => t.selector)));
  const pages = views.loadedPages.filter((p) => !walkedUrls.has(p.final_url) && p.status! < 400 && views.isFirstParty(p.final_url) && p.dom?.inline_click_only?.length);
  // A handler that only scrolls (a theme's back-to-top picture) has its keyboard way already: the keys scroll.
  // One that only goes where a link of the page goes (`pjax.loadUrl("/essay/")` beside `<a href="/essay/">`)
  // is a pointer shortcut: the link is the keyboard's way there.
  const linkedFrom = (p: PageEvidence, handler: string | undefined) => {
    const to = navigatesTo(handler, p.final_url);
    return to !== null && (p.dom?.links ?? []).some((l) => withoutAnchor(l.href) === withoutAnchor(to));
  };
  const seen = pages.flatMap((p) => p.dom!.inline_click_only!.filter((t) => !listedByWalk.has(t.selector) && !onlyScrolls(t.handler) && !linkedFrom(p, t.handler)).map(({ handler: _h, ...t }) => ({ page: p.final_url, target: t })));
  if (!seen.length) return [];
  // One template element on many pages is one element, with its pages.
  const elements = [...groupBy(seen, (s) => `${s.target.selector}\u0000${s.target.text}`).values()];
  const onPages = unique(seen.map((s) => s.page));
  const first = elements[0]![0]!.target;
  const where = onPages.length === 1 ? '' : ` on ${onPages.length} pages`;
  const summary = UNREACHABLE('an onclick handler');
  return [
    {
      page: onPages.length === 1 ? onPages[0] : undefined,
      title: `${elements.length} element${elements.length === 1 ? '' : 's'} with a click handler no keyboard can reach${where} (first: ${namedTarget(first)})`,
      subject: 'click handlers in the markup',
      evidence: {
        wcag: ['2.1.1'],
        ...listed('pages', onPages.map((url) => {
          const here = seen.filter((s) => s.page === url).map((s) => s.target);
          return occurrenceOf(url, here, here.length, summary);
        })),
      },
    },
  ];
}

export const check: Check = { meta, run };
