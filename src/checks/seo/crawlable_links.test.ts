import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './crawlable_links.js';

describe('seo.crawlable_links', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['a page with ordinary links only', makeBundle({ pages: [makePage({ dom: makeDom({ links: [{ href: 'https://example.com/a', text: 'A', rel: null, region: 'nav', nofollow: false }] }) })] })],
    ['an e-mail address a script assembles (a theme hiding it from scrapers)', makeBundle({ pages: [makePage({ dom: makeDom({ script_links: [{ selector: 'aside > a', text: '', href: "javascript:location.href = 'mailto:' + ['me','example.com'].join('@')" }] }) })] })],
    ['a "Back" link (rustdoc\'s: javascript:void(0) with onclick="history.back();")', makeBundle({ pages: [makePage({ dom: makeDom({ script_links: [{ selector: '#back', text: 'Back', href: 'javascript:void(0)', onclick: 'history.back();' }] }) })] })],
    ['history, print and scroll links', makeBundle({ pages: [makePage({ dom: makeDom({ script_links: [{ selector: 'a.b', text: 'Back', href: 'javascript:history.go(-1)' }, { selector: 'a.p', text: 'Print', href: 'javascript:window.print();' }, { selector: 'a.t', text: 'Top', href: 'javascript:scrollTo(0,0)' }] }) })] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('still warns when the code goes somewhere, or says nothing of where (void(0) alone)', () => {
    const links = [
      { selector: 'a.x', text: 'Team', href: 'javascript:void(0)', onclick: "history.back(); location.href='/team/'" },
      { selector: 'a.y', text: 'Shop', href: 'javascript:void(0);' },
    ];
    expect(findingsOf(check, makeBundle({ pages: [makePage({ dom: makeDom({ script_links: links }) })] }))[0]).toMatchObject({ severity: 'warning', title: '2 link(s) without a crawlable href on 1 page(s)' });
  });

  it('notes, at info, script links that act in the page, and a menu parent whose submenu holds the links', () => {
    const links = [
      { selector: 'a.copy', text: 'Copy', href: 'javascript:rmf.copySelect()' },
      { selector: 'a.dark', text: 'Dark mode', href: 'javascript:void(0)', onclick: 'rmf.switchDarkMode()' },
      { selector: 'li.menu > a', text: 'Articles', href: 'javascript:void(0);', submenu: true },
      { selector: 'a.shop', text: 'Shop', href: 'javascript:void(0)', onclick: "go('/shop')" },
      { selector: 'a.team', text: 'Team', href: "javascript:window.location='team.html'" },
    ];
    const findings = findingsOf(check, makeBundle({ pages: [makePage({ dom: makeDom({ script_links: links }) })] }));
    expect(findings.map((f) => [f.severity, f.title])).toEqual([['warning', '2 link(s) without a crawlable href on 1 page(s)'], ['info', '3 clickable element(s) that may navigate by script on 1 page(s)']]);
    expect((findings[0]!.evidence!.links as { text: string }[]).map((l) => l.text)).toEqual(['Shop', 'Team']);
  });

  it("judges a Hexo Butterfly theme's script links by their code: a page of the site behind it, or not", () => {
    const links = [
      { selector: 'a.reload', text: 'Reload', href: 'javascript:window.location.reload();' },
      { selector: 'a.baidu', text: 'Search', href: 'javascript:window.open("https://www.baidu.com/s?wd="+window.getSelection().toString())' },
      { selector: 'a.wechat', text: '', href: 'javascript:' },
      { selector: 'div > a:nth-of-type(1)', text: 'Dark mode', href: null, onclick: 'rmf.switchDarkMode()' },
      { selector: 'div > a:nth-of-type(2)', text: 'QQ', href: null, onclick: 'swalBar("QQ", "123")' },
      { selector: 'div > a:nth-of-type(3)', text: '关于我', href: null, onclick: 'pjax.loadUrl("/about/")' },
      { selector: 'div > a:nth-of-type(4)', text: 'Elsewhere', href: null, onclick: "location.href='https://docs.example.com/guide/'" },
    ];
    const findings = findingsOf(check, makeBundle({ pages: [makePage({ dom: makeDom({ script_links: links }) })] }));
    const bySeverity = Object.fromEntries(findings.map((f) => [f.severity, (f.evidence!.links as { text: string }[]).map((l) => l.text)]));
    // The reload leads to no page at all; a same-site address written in the code is the one a crawler misses.
    expect(bySeverity).toEqual({ warning: ['关于我'], info: ['Search', '', 'Dark mode', 'QQ', 'Elsewhere'] });
  });

  it('warns about anchors without a crawlable href, listing a template link once with its page count', () => {
    const menu = { selector: 'nav > a:nth-of-type(3)', text: 'Shop', href: 'javascript:void(0)' };
    const pages = [
      makePage({ dom: makeDom({ script_links: [menu, { selector: 'main > p > a', text: 'Resources', href: null }] }) }),
      // The same template link carrying this page's own text (a title shown in it) is still one link.
      makePage({ url: 'https://example.com/b', depth: 1, dom: makeDom({ script_links: [{ ...menu, text: 'Shop: B' }] }) }),
    ];
    const [f, ...rest] = findingsOf(check, makeBundle({ pages }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: '2 link(s) without a crawlable href on 2 page(s)' });
    expect(f!.evidence).toMatchObject({
      links_total: 2,
      links: [
        { selector: 'nav > a:nth-of-type(3)', text: 'Shop', href: 'javascript:void(0)', pages_total: 2, first_seen_on: 'https://example.com/' },
        { selector: 'main > p > a', href: null, pages_total: 1 },
      ],
    });
  });

  it('only notes other clickable elements (cards, toggles), as info', () => {
    const page = makePage({ dom: makeDom({ script_links: [{ selector: 'ul > li:nth-of-type(2) > div', text: 'Read more', href: null }, { selector: '#menu-toggle', text: 'Menu', href: null }] }) });
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [page] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'info' });
    expect(f!.evidence).toMatchObject({ links_total: 2 });
  });
});
