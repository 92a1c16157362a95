// Accessible: dialogs without a name (axe-core `aria-dialog-name`). axe files the rule under best-practice;
// WAI-ARIA 1.2 makes an accessible name required for the dialog and alertdialog roles, and a modal
// announced only as "dialog" leaves a screen-reader user guessing what opened. Most such dialogs are
// shown by a click: they are found in the states the audit opens (site.revealed_states).
import { axeRuleCheck } from './support/axe-rule.js';

export const check = axeRuleCheck('aria-dialog-name', {
  title: 'Dialogs without a name',
  impact: 'Screen reader users hear only "dialog" when it opens, with nothing to say what it is for.',
  axeImpact: 'serious',
  // A WAI-ARIA authoring requirement that axe itself does not file under a WCAG success criterion.
  maxSeverity: 'warning',
});

export const meta = check.meta;
export const run = check.run;
