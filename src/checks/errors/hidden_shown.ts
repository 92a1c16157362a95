// Works: elements the page marks `hidden` are shown anyway, because a stylesheet's display rule outranks
// the browser's `[hidden] { display: none }`. What the page's script believes closed is open: a lightbox
// overlay over the whole page whose close button only sets `hidden` again.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import { groupBy, listed, unique } from '../http/support/lists.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';

export const meta: CheckMeta = {
  id: 'errors.hidden_shown',
  section: 'works',
  severity: 'warning',
  title: 'Content marked hidden is shown',
  impact: 'What the page means to keep closed is open on screen, and setting hidden again does not close it: an overlay covering the page blocks it entirely.',
  docs: '/docs/checks/errors.hidden_shown',
  requires: ['dom'],
  thresholds: { critical: 'it covers half the viewport or more', smallest: '100 px²', not_judged: 'hidden="until-found", transparent or off the page' },
};

/** Covering this share of the viewport, it is in the way of the page itself. */
const COVERS_PAGE = 0.5;

export function run(_evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const seen = views.loadedPages.flatMap((page) =>
    page.status! < 400 && views.isFirstParty(page.final_url) ? (page.dom?.hidden_shown ?? []).map((el) => ({ page: page.final_url, el })) : [],
  );
  if (!seen.length) return [];
  // One template element on many pages is one defect.
  const elements = [...groupBy(seen, (s) => s.el.selector).values()].map((g) => ({
    selector: g[0]!.el.selector,
    tag: g[0]!.el.tag,
    text: g[0]!.el.text,
    display: g[0]!.el.display,
    position: g[0]!.el.position,
    covers: Math.max(...g.map((s) => s.el.covers)),
    ...listed('pages', unique(g.map((s) => s.page)), 5),
  }));
  const overlays = elements.filter((e) => e.covers >= COVERS_PAGE);
  const pages = unique(seen.map((s) => s.page));
  const first = overlays[0] ?? elements[0]!;
  const name = `${first.tag}${first.text ? ` “${first.text.slice(0, 40)}”` : ''}`;
  return [
    {
      page: pages.length === 1 ? pages[0] : undefined,
      severity: overlays.length ? 'critical' : 'warning',
      title: overlays.length
        ? `An element marked hidden covers ${Math.round(first.covers * 100)}% of the screen (${name}), so the page behind it cannot be used`
        : `${elements.length} element${elements.length === 1 ? '' : 's'} marked hidden ${elements.length === 1 ? 'is' : 'are'} shown anyway (first: ${name})`,
      evidence: {
        ...listed('elements', elements),
        // Each page with its elements, outlined on the page's picture as the axe rules' are.
        ...listed('pages', pages.map((url) => {
          const here = seen.filter((s) => s.page === url);
          return { url, elements: here.length, nodes: here.map((s) => ({ target: s.el.selector, html: `<${s.el.tag} hidden>`, summary: `Marked hidden, shown with display: ${s.el.display}`, rect: s.el.rect })) };
        })),
      },
    },
  ];
}

export const check: Check = { meta, run };
