// Monthly billing periods anchored on the workspace's creation instant: a workspace created on the
// 31st renews on the last day of shorter months, then on the 31st again.

export interface Period {
  start: Date;
  end: Date;
}

function addMonths(anchor: Date, months: number): Date {
  const y = anchor.getUTCFullYear();
  const m = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(anchor.getUTCDate(), lastDay), anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds(), anchor.getUTCMilliseconds()));
}

/** The period containing `now`: start <= now < end. Before the anchor, the first period. */
export function periodAt(anchor: Date, now: Date): Period {
  if (now.getTime() < anchor.getTime()) return { start: anchor, end: addMonths(anchor, 1) };
  let months = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  if (addMonths(anchor, months).getTime() > now.getTime()) months -= 1;
  return { start: addMonths(anchor, months), end: addMonths(anchor, months + 1) };
}

/** The fixed window of `windowSec` seconds containing `now`, aligned to the epoch (as rate limits are). */
export function windowAt(now: Date, windowSec: number): Period {
  const ms = Math.max(1, Math.floor(windowSec)) * 1000;
  const start = Math.floor(now.getTime() / ms) * ms;
  return { start: new Date(start), end: new Date(start + ms) };
}
