// Accessible: the start page scrolls sideways at 320 CSS px (WCAG 2.1 SC 1.4.10 Reflow, AA): a phone's
// width, and a 1280 px window zoomed to 400%. Read from the start page loaded at that width.
import type { EvidenceBundle, ReflowFacts } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';

/** Sideways overflow smaller than this is a rounding edge nobody scrolls to. */
const MIN_OVERFLOW_PX = 8;

export const meta: CheckMeta = {
  id: 'a11y.reflow',
  section: 'accessible',
  severity: 'warning',
  title: 'Page scrolls sideways on a phone',
  impact: 'On a phone, or zoomed in, every line must be scrolled sideways to be read: people with low vision who zoom lose their place on each line.',
  docs: '/docs/checks/a11y.reflow',
  requires: ['accessibility'],
  thresholds: {
    wcag: '1.4.10 Reflow (AA)', viewport_width_px: 320, min_overflow_px: MIN_OVERFLOW_PX,
    info: 'only content WCAG lets scroll both ways (tables, code, images, maps, video); or not verified: a stylesheet, or for text a web font, got no answer in the view',
  },
};

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const view = evidence.site?.mobile_view;
  const reflow = view?.reflow;
  if (!view || !reflow || !views.isFirstParty(view.final_url)) return [];
  if (reflow.clipped) return cutOff(view);
  const overflow = reflow.content_width - reflow.viewport_width;
  if (overflow < MIN_OVERFLOW_PX) return [];
  // WCAG's exception: content that needs two dimensions to be understood (a data table, code, a map).
  const twoDimensionalOnly = reflow.culprits.length > 0 && reflow.culprits.every((c) => c.two_dimensional);
  const unverified = unloadedLayout(view, reflow.culprits.some((c) => !c.two_dimensional));
  const first = reflow.culprits[0];
  return [
    {
      page: view.final_url,
      severity: twoDimensionalOnly || unverified ? 'info' : 'warning',
      title: `Page is ${reflow.content_width} px wide at ${reflow.viewport_width} px: it scrolls sideways${first ? ` (widest: ${named(first)})` : ''}${twoDimensionalOnly ? '; only tables, code or media stick out, which WCAG lets scroll' : ''}${unverified?.note ?? ''}`,
      evidence: {
        ...(unverified ? { not_verified: true, unloaded: unverified.files } : {}),
        viewport_width: reflow.viewport_width,
        content_width: reflow.content_width,
        overflow_px: overflow,
        wcag: ['1.4.10'],
        culprits: reflow.culprits,
        // The picture of the page at that width (shown with the finding).
        ...(view.screenshot ? { screenshot: view.screenshot } : {}),
      },
    },
  ];
}

/**
 * A page that hides sideways overflow (`overflow-x: hidden` on its root or body) does not scroll, but what
 * sticks out is cut off: text running past the edge from an element that straddles it (one parked wholly
 * beyond the edge is an off-canvas menu, out of sight on purpose) cannot be read at all at that width.
 */
function cutOff(view: MobileView): FindingDraft[] {
  const reflow = view.reflow!;
  const cut = reflow.culprits.filter((c) => c.text_cut && !c.two_dimensional && c.right - c.width < reflow.viewport_width && c.right - reflow.viewport_width >= MIN_OVERFLOW_PX);
  if (!cut.length) return [];
  const unverified = unloadedLayout(view, true);
  return [{
    page: view.final_url,
    ...(unverified ? { severity: 'info' as const } : {}),
    title: `Text is cut off at ${reflow.viewport_width} px: the page hides what sticks out past the edge (widest: ${named(cut[0]!)}, ${cut[0]!.right} px)${unverified?.note ?? ''}`,
    evidence: {
      viewport_width: reflow.viewport_width,
      clipped: true,
      wcag: ['1.4.10'],
      culprits: cut,
      ...(unverified ? { not_verified: true, unloaded: unverified.files } : {}),
      ...(view.screenshot ? { screenshot: view.screenshot } : {}),
    },
  }];
}

type MobileView = NonNullable<EvidenceBundle['site']['mobile_view']>;

/**
 * Files the 320 px view asked for without an answer that change what is measured: any stylesheet (laid
 * out without it), and, where text sticks out, a web font (a narrow display face refused from
 * fonts.gstatic.com falls back to a wider one). Null when there are none: the layout is the visitors'.
 */
function unloadedLayout(view: MobileView, text: boolean): { files: NonNullable<MobileView['unloaded']>; note: string } | null {
  const files = (view.unloaded ?? []).filter((u) => u.resource_type === 'stylesheet' || (text && u.resource_type === 'font'));
  if (!files.length) return null;
  const sheets = files.filter((u) => u.resource_type === 'stylesheet').length;
  return { files: files.slice(0, 10), note: `; not verified: ${sheets ? `${sheets} stylesheet(s)` : `${files.length} web font(s)`} got no answer in the audit` };
}

/** "p “We design calm…”", or the tag alone. */
const named = (c: ReflowFacts['culprits'][number]) => `${c.tag}${c.text ? ` “${c.text.slice(0, 40)}”` : ''}`;

export const check: Check = { meta, run };
