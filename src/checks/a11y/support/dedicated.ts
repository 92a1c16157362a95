// The axe rules that have a dedicated check (sorted by check id). The catch-all
// a11y.other_wcag_violations reports every other WCAG A/AA rule, so nothing axe finds is lost.
import type { AxeRuleCheck } from './axe-rule.js';
import { check as ariaAllowedAttr } from '../aria_allowed_attr.js';
import { check as ariaCommandName } from '../aria_command_name.js';
import { check as ariaDialogName } from '../aria_dialog_name.js';
import { check as ariaHiddenBody } from '../aria_hidden_body.js';
import { check as ariaHiddenFocus } from '../aria_hidden_focus.js';
import { check as ariaInputFieldName } from '../aria_input_field_name.js';
import { check as ariaProhibitedAttr } from '../aria_prohibited_attr.js';
import { check as ariaRequiredAttr } from '../aria_required_attr.js';
import { check as ariaRequiredChildren } from '../aria_required_children.js';
import { check as ariaRequiredParent } from '../aria_required_parent.js';
import { check as ariaRoles } from '../aria_roles.js';
import { check as ariaValidAttr } from '../aria_valid_attr.js';
import { check as ariaValidAttrValue } from '../aria_valid_attr_value.js';
import { check as autocompleteValid } from '../autocomplete_valid.js';
import { check as buttonName } from '../button_name.js';
import { check as bypass } from '../bypass.js';
import { check as colorContrast } from '../color_contrast.js';
import { check as documentTitle } from '../document_title.js';
import { check as duplicateIdAria } from '../duplicate_id_aria.js';
import { check as frameTitle } from '../frame_title.js';
import { check as htmlHasLang } from '../html_has_lang.js';
import { check as htmlLangValid } from '../html_lang_valid.js';
import { check as imageAlt } from '../image_alt.js';
import { check as inputButtonName } from '../input_button_name.js';
import { check as inputImageAlt } from '../input_image_alt.js';
import { check as label } from '../label.js';
import { check as linkInTextBlock } from '../link_in_text_block.js';
import { check as linkName } from '../link_name.js';
import { check as list } from '../list.js';
import { check as listitem } from '../listitem.js';
import { check as metaRefresh } from '../meta_refresh.js';
import { check as metaViewport } from '../meta_viewport.js';
import { check as nestedInteractive } from '../nested_interactive.js';
import { check as roleImgAlt } from '../role_img_alt.js';
import { check as scrollableRegionFocusable } from '../scrollable_region_focusable.js';
import { check as selectName } from '../select_name.js';
import { check as svgImgAlt } from '../svg_img_alt.js';
import { check as validLang } from '../valid_lang.js';

export const dedicatedAxeChecks: AxeRuleCheck[] = [
  ariaAllowedAttr,
  ariaCommandName,
  ariaDialogName,
  ariaHiddenBody,
  ariaHiddenFocus,
  ariaInputFieldName,
  ariaProhibitedAttr,
  ariaRequiredAttr,
  ariaRequiredChildren,
  ariaRequiredParent,
  ariaRoles,
  ariaValidAttr,
  ariaValidAttrValue,
  autocompleteValid,
  buttonName,
  bypass,
  colorContrast,
  documentTitle,
  duplicateIdAria,
  frameTitle,
  htmlHasLang,
  htmlLangValid,
  imageAlt,
  inputButtonName,
  inputImageAlt,
  label,
  linkInTextBlock,
  linkName,
  list,
  listitem,
  metaRefresh,
  metaViewport,
  nestedInteractive,
  roleImgAlt,
  scrollableRegionFocusable,
  selectName,
  svgImgAlt,
  validLang,
];

/** axe rule ids covered by a dedicated check. */
export const DEDICATED_RULES: ReadonlySet<string> = new Set(dedicatedAxeChecks.map((c) => c.axeRule));
