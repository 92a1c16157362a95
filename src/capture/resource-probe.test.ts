// Which links off the site the external-link check may fetch: not sponsored or user-generated ones.
import { describe, expect, it } from 'vitest';
import { makeDom, makePage } from '../checks/test-support.js';
import type { UrlCheck } from '../evidence/types.js';
import { cutByDeadline, externalTargets, resourceTargets, unverifiedNote } from './resource-probe.js';

const link = (href: string, rel: string | null = null) => ({ href, text: 'x', rel, region: 'body' as const, nofollow: false });

describe('externalTargets', () => {
  it('takes links to other sites once each, and leaves paid and user-generated links alone', () => {
    const page = makePage({
      url: 'https://shop.example/', final_url: 'https://shop.example/',
      dom: makeDom({ links: [link('https://docs.example.org/a'), link('https://docs.example.org/a#top'), link('https://shop.example/b'), link('https://aff.example.net/?id=1', 'sponsored nofollow'), link('https://forum.example.com/u/1', 'ugc')] }),
    });
    const targets = externalTargets([page], (u) => new URL(u).hostname === 'shop.example');
    expect(targets.map((t) => t.url)).toEqual(['https://docs.example.org/a']);
  });
});

describe('resourceTargets', () => {
  it('checks the site\'s own CSS references, and of an inline <style> only those on the site (widgets inject their own)', () => {
    const page = makePage({
      url: 'https://shop.example/', final_url: 'https://shop.example/', requests: [],
      dom: makeDom({ css_refs: [
        { url: 'https://shop.example/img/a.png', from: 'https://shop.example/site.css', kind: 'url', context: '.a' },
        { url: 'https://cdn.other.example/b.png', from: 'https://cdn.other.example/widget.css', kind: 'url', context: '.b' },
        { url: 'https://shop.example/img/c.png', from: 'inline', kind: 'url', context: '.c' },
        { url: 'https://chat.widget.example/d.png', from: 'inline', kind: 'url', context: '.d' },
      ] }),
    });
    // The start page declares no icon: the /favicon.ico browsers ask for is checked first.
    expect(resourceTargets([page], 'https://shop.example').map((t) => t.url)).toEqual(['https://shop.example/favicon.ico', 'https://shop.example/img/a.png', 'https://shop.example/img/c.png']);
  });

  it('checks the icons and manifest heads declare first, once each, and no /favicon.ico when the start page declares an icon', () => {
    const icons = [{ rel: 'icon' as const, href: 'https://shop.example/icon.svg' }, { rel: 'manifest' as const, href: 'https://shop.example/site.webmanifest' }];
    const pages = ['https://shop.example/', 'https://shop.example/b'].map((url) => makePage({
      url, final_url: url, requests: [],
      dom: makeDom({ icons, srcset_candidates: [{ url: 'https://shop.example/hero-2x.jpg', selector: 'img', source: 'img' }] }),
    }));
    expect(resourceTargets(pages, 'https://shop.example').map((t) => [t.url, t.kind, t.found_on.length])).toEqual([
      ['https://shop.example/icon.svg', 'icon', 2],
      ['https://shop.example/site.webmanifest', 'manifest', 2],
      ['https://shop.example/hero-2x.jpg', 'srcset', 2],
    ]);
  });
});

describe('unverifiedNote', () => {
  it('counts a 404 that redirects in the browser as could-not-verify, not as broken', () => {
    const c = (over: Partial<UrlCheck>): UrlCheck => ({ url: 'https://a.example.org/', status: 404, method: 'GET', error: null, final_url: null, found_on: [], ...over });
    expect(unverifiedNote([c({}), c({ url: 'https://b.example.org/', client_redirect: 'script' }), c({ url: 'https://c.example.org/', status: 403 })])).toBe(
      '2 links to other sites could not be verified (403, 404 redirecting in the browser); only a 404/410 or a host that does not exist counts as broken',
    );
    expect(unverifiedNote([c({})])).toBeNull();
  });

  it('counts names that did not resolve as unverified when no other site answered (an audit machine without internet access)', () => {
    const c = (over: Partial<UrlCheck>): UrlCheck => ({ url: 'https://a.example.org/', status: null, method: 'HEAD', error: 'a.example.org could not be resolved (ENOTFOUND)', final_url: null, found_on: [], ...over });
    expect(unverifiedNote([c({}), c({ url: 'https://github.com/x', error: 'refused https://github.com/x: github.com could not be resolved (ENOTFOUND)' })])).toBe(
      '2 links to other sites could not be verified (name not resolved, and no other site answered); only a 404/410 or a host that does not exist counts as broken',
    );
    // With another site answering, the resolver works: a name that does not resolve is dead (links.broken_external).
    expect(unverifiedNote([c({}), c({ url: 'https://github.com/x', status: 200, error: null })])).toBeNull();
  });
});

describe('cutByDeadline', () => {
  it('leaves a probe the deadline kept from checking anything unchecked (not applicable, never passed)', () => {
    expect(cutByDeadline(12, 0, true, 'links to other sites')).toEqual({ note: "12 links to other sites were not checked: the run's time ran out", unchecked: true });
  });
  it('keeps what was checked when the deadline cut the rest, with a note', () => {
    expect(cutByDeadline(3, 2, true, 'srcset, stylesheet and icon references')).toEqual({ note: "1 srcset, stylesheet and icon references was not checked: the run's time ran out", unchecked: false });
  });
  it('says nothing when every target was checked, or nothing was to check, or time was left', () => {
    expect(cutByDeadline(3, 3, true, 'x')).toEqual({ note: null, unchecked: false });
    expect(cutByDeadline(0, 0, true, 'x')).toEqual({ note: null, unchecked: false });
    expect(cutByDeadline(5, 0, false, 'x')).toEqual({ note: null, unchecked: false });
  });
});
