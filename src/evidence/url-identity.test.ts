import { describe, expect, it } from 'vitest';
import { isSelfVariant, pageIdentity, pathIdentity, urlIdentity } from './url-identity.js';

describe('urlIdentity', () => {
  it.each([
    ['HTTPS://Example.COM/a', 'https://example.com/a'],
    ['https://example.com:443/a', 'https://example.com/a'],
    ['http://example.com:80/', 'http://example.com/'],
    ['http://example.com:8080/', 'http://example.com:8080/'],
    ['https://example.com/', 'https://example.com/'],
    ['https://example.com', 'https://example.com/'],
    ['https://example.com/index.html', 'https://example.com/'],
    ['https://example.com/docs/index.htm', 'https://example.com/docs'],
    ['https://example.com/shop/index.php', 'https://example.com/shop'],
    ['https://example.com/Default.aspx', 'https://example.com/'],
    ['https://example.com/reference/index', 'https://example.com/reference'],
    ['https://example.com/index', 'https://example.com/'],
    ['https://example.com/docs/', 'https://example.com/docs'],
    ['https://example.com/docs//', 'https://example.com/docs'],
    ['https://example.com/a#section', 'https://example.com/a'],
    ['https://user:pw@example.com/a', 'https://example.com/a'],
    ['https://example.com/a?utm_source=x&utm_medium=y&gclid=1&fbclid=2&msclkid=3&mc_cid=4&_ga=5&ref=hn', 'https://example.com/a'],
    ['https://example.com/a?b=2&a=1&utm_campaign=z', 'https://example.com/a?a=1&b=2'],
    ['https://example.com/search?q=roses', 'https://example.com/search?q=roses'],
    ['/relative', 'https://example.com/relative'],
    ['mailto:a@example.com', null],
    ['javascript:void(0)', null],
    ['not a url at all', 'https://example.com/not%20a%20url%20at%20all'],
  ])('%s → %s', (raw, want) => {
    expect(urlIdentity(raw, 'https://example.com/')).toBe(want);
  });

  it('keeps index-like names that are not a directory index, and case in the path', () => {
    expect(urlIdentity('https://example.com/index-of-plants')).toBe('https://example.com/index-of-plants');
    expect(urlIdentity('https://example.com/docs/reindex')).toBe('https://example.com/docs/reindex');
    expect(urlIdentity('https://example.com/index/plants')).toBe('https://example.com/index/plants');
    expect(urlIdentity('https://example.com/Docs/API')).toBe('https://example.com/Docs/API');
  });

  it('drops the query for the path identity', () => {
    expect(pathIdentity('https://example.com/blog/?page=2')).toBe('https://example.com/blog');
  });
});

describe('self-generated variants and a page identity', () => {
  it.each([
    ['/products?sort=price', 'https://example.com/products', true],
    ['/products/?view=grid', 'https://example.com/products', true],
    ['/products?sort=price', 'https://example.com/products?sort=name', true],
    ['/products', 'https://example.com/products?sort=name', false],
    ['/products?utm_source=nav', 'https://example.com/products', false],
    ['/search?q=a', 'https://example.com/', false],
    ['/index.php?page=about', 'https://example.com/', false],
  ])('%s found on %s → %s', (raw, from, want) => {
    expect(isSelfVariant(raw, from)).toBe(want);
  });

  it('is the canonical inside the site, else the page a variant came from, else the final URL', () => {
    const page = (final_url: string, found_on: string | null = null) => ({ final_url, found_on });
    expect(pageIdentity(page('https://example.com/a?x=1'), 'https://example.com/a')).toBe('https://example.com/a');
    expect(pageIdentity(page('https://example.com/a'), 'https://other.example/a')).toBe('https://example.com/a');
    expect(pageIdentity(page('https://example.com/list?sort=new', 'https://example.com/list'))).toBe('https://example.com/list');
    expect(pageIdentity(page('https://example.com/list?sort=new', 'https://example.com/'))).toBe('https://example.com/list?sort=new');
    expect(pageIdentity(page('https://example.com/index.html'))).toBe('https://example.com/');
    // An app that restored its route from "/?/example" (its host's 404 page forwarded there) is that route,
    // not a query variant of the page that linked to it.
    expect(pageIdentity({ ...page('https://example.com/?/example', 'https://example.com/'), shown_at: 'https://example.com/example' })).toBe('https://example.com/example');
  });
});

describe('query-routed sites', () => {
  it.each([
    ['/?p=123', 'https://example.com/'],
    ['/?page_id=7', 'https://example.com/'],
    ['/index.php?option=com_content', 'https://example.com/'],
    ['/catalog?id=3', 'https://example.com/catalog'],
  ])('%s found on %s is a page of its own', (raw, from) => {
    expect(isSelfVariant(raw, from)).toBe(false);
  });
});

describe('hash routes', () => {
  it('reads a single-page app route from the fragment, never an in-page anchor or the root route', async () => {
    const { hashRoute, routeIdentity, withoutAnchor } = await import('./url-identity.js');
    expect(hashRoute('https://example.com/docs/#/usage/taring')).toBe('#/usage/taring');
    expect(hashRoute('https://example.com/#!/firmware/flashing/')).toBe('#/firmware/flashing');
    expect(hashRoute('https://example.com/#/guide?x=1')).toBe('#/guide');
    for (const u of ['https://example.com/#top', 'https://example.com/#', 'https://example.com/#/', 'https://example.com/#!/', 'https://example.com/']) expect(hashRoute(u), u).toBeNull();
    // A router link given another site's address renders href="#//host/…": no screen of this app.
    expect(hashRoute('https://brain.example/#//opencollective.com/brainjs#sponsor')).toBeNull();
    expect(routeIdentity('https://Example.com/docs/index.html#!/guide/')).toBe('https://example.com/docs#/guide');
    expect(routeIdentity('https://example.com/docs/#intro')).toBe('https://example.com/docs');
    expect(withoutAnchor('https://example.com/a#section-2')).toBe('https://example.com/a');
    expect(withoutAnchor('https://example.com/#/a/')).toBe('https://example.com/#/a');
  });
});
