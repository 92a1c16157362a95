// In the page: a place to rest the mouse pointer where it hovers nothing that reacts. A headless page
// starts with the pointer at its top-left corner, and after navigation the browser re-applies hover
// there: the top-left link (often the logo, or a menu's first item) is recorded hovered — its :hover
// styles in axe's colours, in the picture, and a submenu shown as if open. Plain JS text on purpose
// (see scripts.test.ts).

/** A point near the viewport's edges over the page's background (no link, control, menu or frame), or null. */
export const NEUTRAL_POINT_SCRIPT = `(() => {
  const w = innerWidth, h = innerHeight;
  const points = [[w - 24, h - 4], [4, h - 4], [w - 24, Math.round(h / 2)], [Math.round(w / 2), h - 4], [Math.round(w / 2), Math.round(h / 2)]];
  // Roles that react to the pointer; landmark and structure roles (main, navigation, region, article)
  // only wrap content: a book's role="main" wrapper is background like any <div>.
  const REACTS = 'a, button, input, select, textarea, label, summary, details, iframe, video, [onclick], [tabindex]:not([tabindex="-1"]), nav, header, footer, aside, dialog, '
    + ['button', 'link', 'menu', 'menubar', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'tablist', 'option', 'listbox', 'checkbox', 'radio', 'switch', 'slider', 'spinbutton', 'combobox', 'textbox', 'searchbox', 'tree', 'treeitem', 'grid', 'gridcell', 'row', 'dialog', 'alertdialog', 'tooltip', 'scrollbar']
      .map((r) => '[role~="' + r + '" i]').join(', ');
  for (const [x, y] of points) {
    const el = document.elementFromPoint(x, y);
    if (!el || el === document.documentElement || el === document.body) return [x, y];
    if (el.closest(REACTS)) continue;
    // A card or table row that reacts to the pointer (cursor: pointer on it or an ancestor) is no background.
    let reacts = false;
    for (let e = el; e && e !== document.body; e = e.parentElement) if (getComputedStyle(e).cursor === 'pointer') { reacts = true; break; }
    if (!reacts) return [x, y];
  }
  return null;
})()`;
