// Reading the fetched robots.txt: the text of its lines (whether it is an HTML page instead: evidence/html-body.ts).

/** The text of a 1-based line, trimmed, for evidence. */
export function lineText(body: string, line: number): string | null {
  if (line < 1) return null;
  return body.split(/\r\n|\r|\n/)[line - 1]?.trim() ?? null;
}
