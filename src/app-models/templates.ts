// Page templates of an app model, for the crawl: which template a URL belongs to (the first declared
// whose pattern matches) and how many pages of it an audit visits. Pages no template claims are
// crawled as usual. Never-touch URLs are a template of their own with a sample of zero. Pure.
import type { AppModelDoc } from './document.js';
import { compilePattern, matchesAny, matchesPath, type PathPattern } from './patterns.js';

export interface TemplateLimit {
  /** The template's name; `never_touch` for areas the model forbids. */
  key: string;
  /** Pages of it to visit at most (0: none). */
  max: number;
}

export type TemplateSampler = (url: string) => TemplateLimit | null;

/** The sampler the crawl frontier is given (see Frontier.limitBy); null when the model declares nothing it uses. */
export function templateSampler(doc: AppModelDoc | null | undefined): TemplateSampler | null {
  if (!doc) return null;
  const templates = (doc.templates ?? []).map((t) => ({ key: t.name, max: t.sample ?? 1, pattern: compilePattern(t.pattern) }));
  const never: PathPattern[] = (doc.never_touch?.urls ?? []).map(compilePattern);
  if (!templates.length && !never.length) return null;
  return (url) => {
    if (matchesAny(never, url)) return { key: 'never_touch', max: 0 };
    const t = templates.find((x) => matchesPath(x.pattern, url));
    return t ? { key: t.key, max: t.max } : null;
  };
}
