// What a click handler's source says it does, read from its text: the listener's function as the DevTools
// protocol describes it, or an `onclick` attribute. Pure.

/**
 * A short handler whose every call is a scroll (`scrollTo`, `window.scroll`, `scrollIntoView`, a theme's own
 * `btf.scrollToDest(0, 500)`), or that only sets `scrollTop`: the keyboard scrolls already (Home, Page Down).
 */
export function onlyScrolls(source: string | undefined): boolean {
  if (!source || source.length > 300) return false;
  const body = source.replace(/^[^{]*\{/, '').replace(/\}\s*$/, '');
  const calls = [...body.matchAll(/([A-Za-z_$][\w$]*)\s*\(/g)].map((m) => m[1]!).filter((name) => name !== 'function');
  return calls.length > 0 && calls.every((name) => /^scroll/i.test(name)) || (calls.length === 0 && /\.scrollTop\s*=/.test(body));
}

/**
 * Where a short handler only sends the page (`location.href = 'team.html'`, `window.location.assign(…)`,
 * `window.open(…)`), resolved against the page; null for any other handler.
 */
export function navigatesTo(source: string | undefined, base: string): string | null {
  if (!source || source.length > 300) return null;
  const body = source.replace(/^[^{]*\{/, '').replace(/\}\s*$/, '').trim().replace(/;$/, '');
  const m = /^(?:(?:window|document|self|top)\.)?location(?:\.href)?\s*=\s*(['"])([^'"]+)\1$|^(?:(?:window|document)\.)?location\.(?:assign|replace)\((['"])([^'"]+)\3\)$|^(?:window\.)?open\((['"])([^'"]+)\5(?:\s*,[^)]*)?\)$/.exec(body);
  // A router's or a page loader's one call with the address (`pjax.loadUrl("/essay/")`, `router.push('/x')`,
  // `Turbo.visit('/y')`, `navigate("/z")`).
  const call = m ? null : /^[\w$.]*(?:load|goto|go|navigate|visit|push|route)\w*\((['"])([^'"]+)\1\)$/i.exec(body);
  const target = m?.[2] ?? m?.[4] ?? m?.[6] ?? call?.[2];
  if (!target) return null;
  try {
    return new URL(target, base).href;
  } catch {
    return null;
  }
}

/** Code that sends the visitor somewhere: a location change, a new window, a router or page loader, a submit. */
const SENDS = /\blocation\b|\.href\b|\bopen\s*\(|\bnavigate|\bloadUrl|\brouter\b|\.push\s*\(|\bgoto\b|\bvisit\s*\(|\bsubmit\s*\(/i;
/** A string in code that reads as an address: a path, a page file, or a full URL. */
const ADDRESS = /^(?:\/[\w-]|\.{1,2}\/|https?:\/\/|[\w-]+\.(?:html?|php|aspx?)\b)/i;
/** A statement after which the visitor is on no new page: history, a reload, print, close, a scroll, a no-op. */
const NO_PAGE_STATEMENT = /^(?:(?:window|self|top)\.)?(?:history\.(?:back|forward|go)\s*\(\s*-?\d*\s*\)|(?:document\.)?location\.reload\s*\(\s*(?:true|false)?\s*\)|print\s*\(\s*\)|close\s*\(\s*\)|scroll(?:To|By)?\s*\([^()]*\)|void\s*\(?\s*0\s*\)?|;|return\s+false|undefined)$/i;

/** The addresses written in code as strings (`pjax.loadUrl("/about/")`, `go('team.html')`, a full URL). */
export function addressesWritten(code: string): string[] {
  return [...code.matchAll(/(['"`])((?:\\.|(?!\1)[^\\])*)\1/g)].map((m) => m[2]!.trim()).filter((x) => ADDRESS.test(x));
}

/** Whether code sends the visitor somewhere, naming the address or not. */
export function sendsSomewhere(code: string): boolean {
  return SENDS.test(code);
}

/**
 * Whether every statement of code leaves the visitor on no new page, and one of them acts (goes back or
 * forward, reloads, prints, closes, scrolls): `void(0)` alone says nothing of what a listener does.
 */
export function leadsNowhere(code: string): boolean {
  const statements = code.split(';').map((x) => x.trim()).filter(Boolean);
  return statements.length > 0 && statements.every((x) => NO_PAGE_STATEMENT.test(x)) && /history\.|reload|print|close|scroll/i.test(code);
}
