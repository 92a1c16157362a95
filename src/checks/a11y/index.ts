// The a11y checks, listed for the registry (sorted by id): one check per important axe-core rule
// (see support/dedicated.ts), the catch-all for every other WCAG A/AA rule, and checks computed
// from the page's own facts (heading order, duplicate ids).
import type { Check } from '../types.js';
import { check as duplicateId } from './duplicate_id.js';
import { check as headingOrder } from './heading_order.js';
import { check as imageAltFilename } from './image_alt_filename.js';
import { check as reflow } from './reflow.js';
import { check as focusVisible } from './focus_visible.js';
import { check as keyboardUnreachable } from './keyboard_unreachable.js';
import { check as langTextMismatch } from './lang_text_mismatch.js';
import { check as notMeasured } from './not_measured.js';
import { check as otherWcagViolations } from './other_wcag_violations.js';
import { dedicatedAxeChecks } from './support/dedicated.js';

export const a11yChecks: Check[] = [...dedicatedAxeChecks, duplicateId, focusVisible, headingOrder, keyboardUnreachable, imageAltFilename, langTextMismatch, notMeasured, otherWcagViolations, reflow].sort((a, b) =>
  a.meta.id < b.meta.id ? -1 : a.meta.id > b.meta.id ? 1 : 0,
);
