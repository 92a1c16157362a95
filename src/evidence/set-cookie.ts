// Set-Cookie headers as evidence holds them: capture joins a response's Set-Cookie lines with "\n"
// and keeps no values (withoutCookieValues); the cookie checks split them again (splitSetCookie).

/** Splits a joined Set-Cookie header: capture joins lines with "\n"; some stacks join with ", ". */
export function splitSetCookie(value: string): string[] {
  return value
    .split(/\n|,(?=\s*[^;,=\s]+=)/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Response headers as evidence keeps them: a Set-Cookie value is replaced by as many `*` as it had
 * characters (capped at 4096, a browser's limit), so a session token (a signed-in run's, a visitor
 * id) is never stored, while the checks still read each cookie's name, attributes and whether it
 * was emptied (a deletion).
 */
export function withoutCookieValues(headers: Record<string, string>): Record<string, string> {
  const value = headers['set-cookie'];
  if (!value) return headers;
  const masked = splitSetCookie(value).map((line) => {
    const semi = line.indexOf(';');
    const pair = semi < 0 ? line : line.slice(0, semi);
    const eq = pair.indexOf('=');
    if (eq < 0) return line;
    const v = pair.slice(eq + 1).trim();
    return `${pair.slice(0, eq)}=${'*'.repeat(Math.min(v.length, 4096))}${semi < 0 ? '' : line.slice(semi)}`;
  }).join('\n');
  return { ...headers, 'set-cookie': masked };
}
