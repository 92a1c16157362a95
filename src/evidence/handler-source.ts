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
