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
