// Template variables left unfilled in a title or a meta description, which a search result shows as
// they are: a template's dotted variable (`{{ page.title }}`, `{{ site.description }}`) or an SEO
// plugin's unreplaced snippet variable (Yoast's `%%sitename%%`). Markup typed as text is not judged:
// a title about `<dialog>` or `vector<int>` is a page's subject, not a mistake.
const LEFTOVER = /\{\{\s*[a-z_$][\w$]*(?:\.[a-z_$][\w$]*)+\s*(?:\|[^{}]*)?\}\}|%%[a-z_]+%%/i;

/** The leftover in `text`, or null. */
export function leftoverIn(text: string | null | undefined): string | null {
  const m = LEFTOVER.exec(text ?? '');
  return m ? m[0].slice(0, 40) : null;
}
