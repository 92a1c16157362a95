// How a page's navigation error reads when the audit, not the site, ended it: capture writes it,
// checks recognise it. Pure.

/** A navigation the run's deadline ended before a navigation's own time limit: says nothing of the site. */
export const CUT_BY_DEADLINE = "navigation cut short by the run's deadline";
