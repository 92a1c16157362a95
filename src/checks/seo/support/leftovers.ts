// What a template leaves in a title or a meta description, which a search result shows as it is: a
// placeholder title (below), or template variables left unfilled: a template's dotted variable (`{{ page.title }}`, `{{ site.description }}`) or an SEO
// plugin's unreplaced snippet variable (Yoast's `%%sitename%%`). Markup typed as text is not judged:
// a title about `<dialog>` or `vector<int>` is a page's subject, not a mistake.
const LEFTOVER = /\{\{\s*[a-z_$][\w$]*(?:\.[a-z_$][\w$]*)+\s*(?:\|[^{}]*)?\}\}|%%[a-z_]+%%/i;

/** The leftover in `text`, or null. */
export function leftoverIn(text: string | null | undefined): string | null {
  const m = LEFTOVER.exec(text ?? '');
  return m ? m[0].slice(0, 40) : null;
}

/**
 * Titles a tool or template writes until someone writes the real one: an editor's HTML boilerplate
 * (`Document`, `Untitled Document`), a framework's starter (`React App`, `Vite App`, `Create Next App`),
 * a file name (`index`), a server's welcome page. Google's title-link guidance names "Untitled" and
 * "New Page 1" as titles to avoid: a search result shows the placeholder as the page's headline.
 */
const PLACEHOLDER = /^(?:document|untitled(?: document| page)?|new page(?: \d+)?|page title|title|your title here|site title|title of the document|index(?:\.html?)?|react app|vite app|vite \+ (?:react|vue|preact|svelte|lit)(?: \+ ts)?|vue app|create next app|nuxt app|svelte app|welcome to nginx!?|apache2 (?:debian|ubuntu) default page(?:: it works)?|it works!?|lorem ipsum(?: dolor sit amet)?|my site|my new hugo site|your awesome title|markdown page example|hello from docusaurus|my blog title|site name)$/i;
/** A title whose own part is empty: only a separator and the site's name ("· Congo", "| Acme"). */
const NOTHING_BEFORE_SEPARATOR = /^[\s]*[·|•\-–—:»›~]\s*\S/;

export function isPlaceholderTitle(title: string): boolean {
  const flat = title.replace(/\s+/g, ' ').trim();
  return PLACEHOLDER.test(flat) || NOTHING_BEFORE_SEPARATOR.test(flat);
}

/** A title seo.title_missing reports as a placeholder (a template's default, an unfilled variable); seo.title_duplicate leaves it to that check. */
export function isUnwrittenTitle(title: string | null): boolean {
  return isPlaceholderTitle(title ?? '') || leftoverIn(title) !== null;
}
