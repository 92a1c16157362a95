// Works: a page opens an alert, confirm or prompt dialog by itself while loading.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import { clip, groupBy, listed, unique } from '../http/support/lists.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';

export const meta: CheckMeta = {
  id: 'errors.dialog_on_load',
  section: 'works',
  severity: 'warning',
  title: 'Page opens a dialog on load',
  impact: 'A native dialog freezes the page until the visitor dismisses it, and often signals a leftover debug alert.',
  docs: '/docs/checks/errors.dialog_on_load',
  requires: ['pages'],
  thresholds: { dialog_types: 'alert, confirm, prompt' },
};

// "beforeunload" appears when the crawler leaves a page with unsaved state; the page did not open it on load.
const ON_LOAD = new Set(['alert', 'confirm', 'prompt']);

export function run(_evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const seen: { type: string; message: string; page: string }[] = [];
  for (const page of views.loadedPages) {
    for (const d of page.dialogs) if (ON_LOAD.has(d.type)) seen.push({ type: d.type, message: d.message, page: page.final_url });
  }
  // Grouped by message (the visitor reads the text, so a template alert on every page counts once),
  // then messages seen on exactly the same pages are merged: an alert/confirm/prompt loop is one defect.
  const byMessage = [...groupBy(seen, (d) => d.message).values()];
  const byPages = groupBy(byMessage, (g) => unique(g.map((d) => d.page)).sort().join('\n'));
  return [...byPages.values()].map((groups) => {
    const all = groups.flat();
    const types = unique(all.map((d) => d.type));
    const messages = unique(all.map((d) => clip(d.message, 200)));
    const pages = unique(all.map((d) => d.page));
    const kind = types.length === 1 ? `${types[0] === 'alert' ? 'an' : 'a'} ${types[0]}() dialog` : `${types.map((t) => `${t}()`).join(', ')} dialogs`;
    return {
      page: pages.length === 1 ? pages[0] : undefined,
      title: messages.length === 1 && messages[0]!.trim() ? `Page opens ${kind}: "${clip(messages[0]!, 80)}"` : `Page opens ${kind}`,
      evidence: { types, ...listed('messages', messages, 5), occurrences: all.length, ...listed('pages', pages) },
    };
  });
}

export const check: Check = { meta, run };
