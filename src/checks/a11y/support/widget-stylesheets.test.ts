import { describe, expect, it } from 'vitest';
import { widgetOf } from './widget-stylesheets.js';

describe('stylesheets that style only their own widget', () => {
  it.each<[string, string | null]>([
    ['https://cdn.jsdelivr.net/npm/@docsearch/css@3', '<span class="DocSearch-Button-Placeholder">'],
    ['https://cdn.jsdelivr.net/npm/swiper@11/swiper-bundle.min.css', '<div class="swiper-slide">'],
    ['https://cdn.jsdelivr.net/gh/orestbida/cookieconsent@3.0.1/dist/cookieconsent.css', '<div id="cc-main">'],
    ['https://consent.cookiebot.com/uc.css', '<div id="CybotCookiebotDialog">'],
    ['https://cdnjs.cloudflare.com/ajax/libs/fancybox/3.5.7/jquery.fancybox.min.css', '<div class="fancybox-caption">'],
    ['https://unpkg.com/leaflet@1.9.4/dist/leaflet.css', '<a class="leaflet-control-zoom-in">'],
    ['https://cdnjs.cloudflare.com/ajax/libs/highlight.js/9.15.6/styles/github.min.css', '<span class="hljs-comment">'],
    ['https://cdn.jsdelivr.net/npm/prismjs@1.29.0/themes/prism-tomorrow.min.css', '<span class="token comment">'],
  ])('%s styles its own elements only', (url, html) => {
    const nodes = widgetOf(url);
    expect(nodes).not.toBeNull();
    expect(nodes!.test(html!)).toBe(true);
    expect(nodes!.test('<a class="navbar-brand" href="/">')).toBe(false);
  });

  it.each([
    'https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/css/bootstrap.min.css',
    'https://example.com/_/css/site.css',
    'https://unpkg.com/tailwindcss@2/dist/tailwind.min.css',
    'https://www.slickdeals.net/css/site.css',
    'https://cdn.algolia.com/assets/main.css',
  ])('%s may style anything', (url) => {
    expect(widgetOf(url)).toBeNull();
  });
});
