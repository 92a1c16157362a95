// Accessible: keyboard stops that look the same focused and unfocused (WCAG 2.1 SC 2.4.7 Focus Visible,
// AA). Read by tabbing through the start page (capture/focus-walk.ts); axe has no rule for it.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { namedTarget, occurrenceOf, walkedPages } from './support/keyboard.js';

export const meta: CheckMeta = {
  id: 'a11y.focus_visible',
  section: 'accessible',
  severity: 'warning',
  title: 'Keyboard focus is not visible',
  impact: 'Someone using a keyboard cannot see which link or button Enter will activate, and gets lost on the page.',
  docs: '/docs/checks/a11y.focus_visible',
  requires: ['accessibility'],
  thresholds: { unseen_stops: 'beyond the viewport, in a transparent ancestor, or clipped away, once focused', wcag: '2.4.7 Focus Visible (AA)', stops_walked: 'up to 40 Tab stops on the start page', text_fields: 'not judged (the caret shows focus)' },
};

/** The walk's stop limit (capture/focus-walk.ts MAX_FOCUS_STOPS). */
const MAX_STOPS = 40;

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const out: FindingDraft[] = [];
  for (const { page, walk } of walkedPages(evidence, views)) {
    const unseen = walk.unseen_stops ?? [];
    if (unseen.length) {
      const total = Math.max(walk.unseen_stops_total ?? 0, unseen.length);
      const why = { offscreen: 'beyond the edge of the screen', transparent: 'inside something transparent', clipped: 'cut away by a box that hides its overflow' } as const;
      out.push({
        page: page.final_url,
        title: `${total} keyboard stop${total === 1 ? '' : 's'} cannot be seen when focused (first: ${namedTarget(unseen[0]!)}, ${why[unseen[0]!.unseen]})`,
        subject: 'unseen stops',
        evidence: {
          wcag: ['2.4.7'],
          stops_walked: walk.stops,
          unseen: unseen.map((u) => ({ selector: u.selector, text: u.text, why: u.unseen })),
          pages: [occurrenceOf(page.final_url, unseen, total, 'Tab stops here, and the element is not to be seen even focused: a closed menu moved off the screen, a transparent panel or a collapsed box still takes focus')],
        },
      });
    }
    if (!walk.without_indicator.length) {
      // Out of time before focus came back round or the stop limit: what was walked passed, the rest was not judged.
      if (walk.ended_by ? walk.ended_by === 'time' : !walk.complete && walk.stops < MAX_STOPS) {
        out.push({
          page: page.final_url,
          severity: 'info',
          title: `The keyboard walk stopped after ${walk.stops} stop${walk.stops === 1 ? '' : 's'} (out of time): those show focus, the rest of the page was not judged`,
          evidence: { wcag: ['2.4.7'], stops_walked: walk.stops, judged: walk.judged, walk_complete: false, focusable: walk.focusable },
        });
      }
      continue;
    }
    const missing = walk.without_indicator;
    const total = Math.max(walk.without_indicator_total ?? 0, missing.length);
    const first = missing[0]!;
    const which = ` (first: ${namedTarget(first)})`;
    const title = walk.judged === 1 ? `The page's only keyboard stop shows no focus indicator${which}`
      : total === walk.judged ? `None of the ${walk.judged} keyboard stops on the page shows a focus indicator${which}`
        : `${total} of ${walk.judged} keyboard stops on the page show no focus indicator${which}`;
    out.push({
      page: page.final_url,
      title,
      evidence: {
        wcag: ['2.4.7'],
        stops_walked: walk.stops,
        judged: walk.judged,
        walk_complete: walk.complete,
        // Outlined on the page's picture, as the axe rules' elements are.
        pages: [occurrenceOf(page.final_url, missing, total, 'Looks the same focused and unfocused: no outline, shadow, border, colour, underline or size change')],
      },
    });
  }
  return out;
}

export const check: Check = { meta, run };
