// Recognizes "page not found" wording in a title or heading, strictly: the phrase must be the whole
// text or one whole segment of it ("Page not found | Acme"), never a phrase inside a sentence.

const SEGMENT_SPLIT = /\s[|·•–—-]\s|:\s|\s*[|·•]\s*/;
const INTERJECTION = /^(?:(?:oops+|whoops+|uh[- ]?oh|sorry|hmm+|ouch|ooh)[\s!.,…]*)+/;

const NOT_FOUND_PATTERNS: RegExp[] = [
  // "404", "Error 404", "404 error", "HTTP 404", "404 - Page not found", "404 not found"
  /^(?:(?:error|http)\s*)?404(?:\s*error)?(?:\s*[-:–—.!]?\s*(?:(?:the\s+)?(?:page|file|resource|url)\s+)?not\s+found)?$/,
  // "Not found", "Page not found", "File not found"
  /^(?:(?:the\s+|this\s+)?(?:page|file|resource|url|content)\s+)?not\s+found$/,
  // "The page you are looking for does not exist", "This page could not be found", "Page no longer exists"
  /^(?:sorry,?\s+)?(?:the\s+|this\s+|that\s+)?(?:page|file|url)(?:\s+you\s+(?:are|were|'re)\s+looking\s+for|\s+you\s+requested)?\s+(?:(?:could\s*not|couldn't|cannot|can't)\s+be\s+found|(?:does\s*not|doesn't)\s+exist|no\s+longer\s+exists|(?:was|is)\s+not\s+found)$/,
  // "We can't find that page", "We couldn't find this page"
  /^we\s+(?:could\s*not|couldn't|can't|cannot)\s+find\s+(?:that|this|the)\s+page$/,
  // The same sentence in languages the crawler often meets (de, fr, es, it, nl, pt, sv, da/no, pl, ja, zh, ko)
  /^(?:404\s*[-:|–—]?\s*)?(?:seite nicht gefunden|page (?:non )?introuvable|p[áa]gina no encontrada|pagina non trovata|pagina niet gevonden|p[áa]gina n[ãa]o encontrada|sidan (?:kunde inte hittas|hittades inte)|siden (?:blev ikke fundet|ble ikke funnet)|strony nie znaleziono|nie znaleziono strony|ページが見つかりません|页面未找到|找不到页面|페이지를 찾을 수 없습니다)$/,
];

function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

function clean(segment: string): string {
  return segment
    .replace(INTERJECTION, '')
    .replace(/^[\s!.?…"'()[\]-]+|[\s!.?…"'()[\]-]+$/g, '')
    .trim();
}

/** The segment of `text` that says "not found", or null. */
export function notFoundPhrase(text: string | null | undefined): string | null {
  if (!text) return null;
  const whole = normalize(text);
  for (const part of [whole, ...whole.split(SEGMENT_SPLIT)]) {
    const segment = clean(part);
    if (segment && NOT_FOUND_PATTERNS.some((re) => re.test(segment))) return segment;
  }
  return null;
}
