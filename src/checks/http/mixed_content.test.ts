import { describe, expect, it } from 'vitest';
import { realisticSite } from './support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage, makeRequest } from '../test-support.js';
import { check } from './mixed_content.js';

describe('http.mixed_content', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    [
      'an http page loading http resources (not mixed: the page itself is insecure)',
      makeBundle({ pages: [makePage({ url: 'http://example.com/', requests: [makeRequest({ url: 'http://example.com/app.js' })] })] }),
    ],
    [
      'an https page loading from loopback over http (potentially trustworthy)',
      makeBundle({ pages: [makePage({ requests: [makeRequest({ url: 'http://127.0.0.1:5173/@vite/client' })] })] }),
    ],
    ['an https page linking (not loading) an http URL', makeBundle({ pages: [makePage({ dom: makeDom({ links: [{ href: 'http://old.example.org/', text: 'old', rel: null, region: 'body', nofollow: false }] }) })] })],
    ['an http request our guard refused', makeBundle({ pages: [makePage({ requests: [makeRequest({ url: 'http://10.1.1.1/x.js', blocked: true, status: 403 })] })] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('reports an http script as active (critical), from the DOM and from the blocking console line', () => {
    const page = makePage({
      dom: makeDom({ scripts: [{ src: 'http://cdn.example.net/lib.js', async: false, defer: false, type: null, in_head: true }] }),
      console: [
        {
          type: 'error',
          text: "Mixed Content: The page at 'https://example.com/' was loaded over HTTPS, but requested an insecure script 'http://cdn.example.net/lib.js'. This request has been blocked; the content must be served over HTTPS.",
          url: 'https://example.com/',
          line: 1,
        },
      ],
    });
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [page] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'critical' });
    expect(f!.evidence).toMatchObject({ kind: 'active', resources: [{ url: 'http://cdn.example.net/lib.js', type: 'script', seen_in: ['dom', 'console'] }] });
  });

  it('reports http images and forms as passive (warning), one finding across pages', () => {
    const img = { src: 'http://example.com/logo.png', selector: 'img', alt: 'logo', width_attr: null, height_attr: null, display_width: 10, display_height: 10, natural_width: 10, natural_height: 10, loading: null, in_viewport: true };
    const pages = [
      makePage({ dom: makeDom({ images: [img] }) }),
      makePage({ url: 'https://example.com/contact', depth: 1, dom: makeDom({ images: [img], forms: [{ action: 'http://example.com/send', method: 'post', selector: 'form', has_password: false }] }) }),
    ];
    const findings = findingsOf(check, makeBundle({ pages }));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ severity: 'warning' });
    expect(findings[0]!.evidence).toMatchObject({ kind: 'passive', resources_total: 2, pages_total: 2 });
  });

  it('classifies recorded requests by type: an http font is active, http media passive', () => {
    const page = makePage({
      requests: [makeRequest({ url: 'http://fonts.example.net/a.woff2', resource_type: 'font' }), makeRequest({ url: 'http://media.example.net/a.mp4', resource_type: 'media' })],
    });
    const findings = findingsOf(check, makeBundle({ pages: [page] }));
    expect(findings.map((f) => [f.severity, (f.evidence!.resources as { url: string }[])[0]!.url])).toEqual([
      ['critical', 'http://fonts.example.net/a.woff2'],
      ['warning', 'http://media.example.net/a.mp4'],
    ]);
  });
});
