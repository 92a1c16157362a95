import { describe, expect, it } from 'vitest';
import { clientRedirectOf } from './client-redirect.js';

const SPA_404 = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Single Page Apps for GitHub Pages</title>
<script type="text/javascript">
  var pathSegmentsToKeep = 1;
  var l = window.location;
  l.replace(
    l.protocol + '//' + l.hostname + (l.port ? ':' + l.port : '') +
    l.pathname.split('/').slice(0, 1 + pathSegmentsToKeep).join('/') + '/?/' +
    l.pathname.slice(1).split('/').slice(pathSegmentsToKeep).join('/').replace(/&/g, '~and~') +
    (l.search ? '&' + l.search.slice(1).replace(/&/g, '~and~') : '') + l.hash
  );
</script></head><body></body></html>`;

describe('clientRedirectOf', () => {
  const redirects = [
    ['the spa-github-pages 404.html (location through an alias)', SPA_404, 'script'],
    ['window.location.replace', '<script>window.location.replace("/#" + location.pathname)</script>', 'script'],
    ['location.href assignment', "<script>\n location.href = '/app/?p=' + encodeURIComponent(location.pathname);\n</script>", 'script'],
    ['a module assigning location', '<script type="module">location.assign("/")</script>', 'script'],
    ['a meta refresh naming a URL', '<meta http-equiv="refresh" content="0; URL=\'/app/\'">', 'meta_refresh'],
    ['an unquoted meta refresh', '<META HTTP-EQUIV=Refresh CONTENT="0;url=/">', 'meta_refresh'],
  ] as const;
  it.each(redirects)('sees %s', (_name, body, kind) => {
    expect(clientRedirectOf(body, 'text/html; charset=utf-8')).toBe(kind);
  });

  const plain = [
    ['an ordinary 404 page', '<html><body><h1>Not found</h1><a href="/">Home</a></body></html>', 'text/html'],
    ['a refresh without a URL (reloads itself)', '<meta http-equiv="refresh" content="30">', 'text/html'],
    ['a script that only reads location', '<script>if (location.pathname === "/x") console.log(location.href.replace("a", "b"));</script>', 'text/html'],
    ['a comparison, not an assignment', '<script>if (location.href == "/") track()</script>', 'text/html'],
    ['a JSON-LD block', '<script type="application/ld+json">{"location": "x"}</script><script type="text/template">location.replace("/")</script>', 'text/html'],
    ['an external script (not read)', '<script src="/redirect.js"></script>', 'text/html'],
    ['text that talks about location.replace', '<p>Use location.replace("/") to redirect.</p>', 'text/html'],
    ['a JSON answer', '{"location.replace(": 1}', 'application/json'],
  ] as const;
  it.each(plain)('does not see a redirect in %s', (_name, body, type) => {
    expect(clientRedirectOf(body, type)).toBeNull();
  });
});
