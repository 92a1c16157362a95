// Splits one line of a test case into words and quoted strings, with the column of each token.
// Double quotes (with \" inside), curly quotes and single quotes delimit strings; a quote left
// open is reported at the column where it opened.

export type Token = { kind: 'word'; text: string; lower: string; col: number } | { kind: 'quoted'; text: string; col: number; quote: string };

export type LexResult = { ok: true; tokens: Token[]; singleQuoted: number[] } | { ok: false; col: number; message: string };

const OPENERS: Record<string, string> = { '"': '"', '“': '”', '”': '”', "'": "'", '‘': '’' };

export function lexLine(line: string): LexResult {
  const tokens: Token[] = [];
  const singleQuoted: number[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const close = OPENERS[c];
    // An apostrophe inside a word (don't, it's) is not a quote.
    if (close && !(c === "'" && i > 0 && /\w/.test(line[i - 1]!))) {
      const start = i;
      let text = '';
      i++;
      while (i < line.length && line[i] !== close) {
        if (line[i] === '\\' && close === '"' && i + 1 < line.length) i++;
        text += line[i];
        i++;
      }
      if (i >= line.length) return { ok: false, col: start + 1, message: 'this quote is never closed' };
      i++;
      if (c === "'" || c === '‘') singleQuoted.push(start + 1);
      tokens.push({ kind: 'quoted', text, col: start + 1, quote: c });
      continue;
    }
    const start = i;
    while (i < line.length && !/\s/.test(line[i]!) && !(OPENERS[line[i]!] && !(line[i] === "'" && /\w/.test(line[i - 1] ?? '')))) i++;
    const text = line.slice(start, i);
    tokens.push({ kind: 'word', text, lower: text.toLowerCase().replace(/[:,.!]$/, ''), col: start + 1 });
  }
  return { ok: true, tokens, singleQuoted };
}
