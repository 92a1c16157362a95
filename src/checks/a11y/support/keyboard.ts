// What the keyboard checks (focus_visible, keyboard_unreachable) say about the elements they list.
import type { ClickTarget, EvidenceBundle, KeyboardWalk, PageEvidence } from '../../../evidence/types.js';
import type { EvidenceViews } from '../../../evidence/views.js';

/** The site's own pages that answered and were walked with the keyboard (the start page), with their walk. */
export function walkedPages(evidence: EvidenceBundle, views: EvidenceViews): { page: PageEvidence; walk: KeyboardWalk }[] {
  return evidence.pages.flatMap((page) => page.keyboard && page.status !== null && page.status < 400 && views.isFirstParty(page.final_url) ? [{ page, walk: page.keyboard }] : []);
}

/** "a “Home”", or "<span>" for an element without text: how a title names the first element listed. */
export function namedTarget(t: ClickTarget): string {
  return t.text ? `${t.tag} “${t.text.slice(0, 40)}”` : `<${t.tag}>`;
}

/** The elements as a finding's page occurrence, outlined on the page's picture as the axe rules' are. */
export function occurrenceOf(url: string, targets: readonly ClickTarget[], elements: number, summary: string) {
  return { url, elements, nodes: targets.map((t) => ({ target: t.selector, html: `<${t.tag}>${t.text ? ` ${t.text}` : ''}`, summary, rect: t.rect })) };
}
