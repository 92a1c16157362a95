import { describe, expect, it } from 'vitest';
import { makeDom, makePage, makeRequest } from '../../test-support.js';
import { blockingResources, mediaApplies } from './blocking.js';

describe('render-blocking resources', () => {
  it.each([
    [null, true], ['all', true], ['screen', true], ['screen, print', true], ['(min-width: 768px)', true],
    ['only screen and (min-width: 1024px)', true], ['print', false], ['(max-width: 600px)', false],
    ['screen and (min-width: 1400px)', false], ['(prefers-color-scheme: dark)', false], ['(orientation: portrait)', false],
  ] as const)('media %s applies at 1280px: %s', (media, applies) => {
    expect(mediaApplies(media, 1280)).toBe(applies);
  });

  it('keeps only parser-blocking head scripts and applicable head stylesheets fetched before first paint', () => {
    const scripts = [
      { src: 'https://example.com/sync.js', async: false, defer: false, type: null, in_head: true },
      { src: 'https://example.com/async.js', async: true, defer: false, type: null, in_head: true },
      { src: 'https://example.com/defer.js', async: false, defer: true, type: null, in_head: true },
      { src: 'https://example.com/mod.js', async: false, defer: false, type: 'module', in_head: true },
      { src: 'https://example.com/consent-held.js', async: false, defer: false, type: 'text/plain', in_head: true },
      { src: 'https://example.com/body.js', async: false, defer: false, type: null, in_head: false },
      { src: 'https://example.com/late.js', async: false, defer: false, type: 'text/javascript', in_head: true },
      { src: 'https://example.com/never-fetched.js', async: false, defer: false, type: null, in_head: true },
    ];
    const stylesheets = [
      { href: 'https://example.com/site.css', media: null, in_head: true },
      { href: 'https://example.com/print.css', media: 'print', in_head: true },
    ];
    const fetched = ['sync.js', 'async.js', 'defer.js', 'mod.js', 'consent-held.js', 'body.js', 'site.css', 'print.css'];
    const requests = [
      ...fetched.map((f) => makeRequest({ url: `https://example.com/${f}`, start_ms: 50 })),
      makeRequest({ url: 'https://example.com/late.js', start_ms: 900 }),
    ];
    const page = makePage({ dom: makeDom({ scripts, stylesheets }), requests, performance: {
      ttfb_ms: 40, fcp_ms: 600, lcp_ms: 700, cls: 0, tbt_ms: 0, long_tasks: [], dom_content_loaded_ms: 500, load_ms: 900,
    } });
    expect(blockingResources(page, 1280).map((b) => [b.kind, b.url])).toEqual([
      ['script', 'https://example.com/sync.js'],
      ['stylesheet', 'https://example.com/site.css'],
    ]);
  });

  it("takes a head stylesheet seen starting a few milliseconds after the first paint as before it (the two clocks are read apart)", () => {
    const page = (start: number) => makePage({ dom: makeDom({ scripts: [], stylesheets: [{ href: 'https://example.com/theme.css', media: null, in_head: true }] }), requests: [makeRequest({ url: 'https://example.com/theme.css', start_ms: start })], performance: {
      ttfb_ms: 40, fcp_ms: 300, lcp_ms: 700, cls: 0, tbt_ms: 0, long_tasks: [], dom_content_loaded_ms: 500, load_ms: 900,
    } });
    expect(blockingResources(page(317), 1280)).toHaveLength(1);
    expect(blockingResources(page(900), 1280)).toHaveLength(0);
  });

  it("takes the browser's word where it marks render-blocking files, whatever the clocks say", () => {
    const page = (blocking: string[] | null, start: number) => makePage({ dom: makeDom({ scripts: [], stylesheets: [{ href: 'https://example.com/theme.css', media: null, in_head: true }, { href: 'https://example.com/late.css', media: null, in_head: true }] }), requests: [makeRequest({ url: 'https://example.com/theme.css', start_ms: start }), makeRequest({ url: 'https://example.com/late.css', start_ms: 10 })], performance: {
      ttfb_ms: 40, fcp_ms: 300, lcp_ms: 700, cls: 0, tbt_ms: 0, long_tasks: [], dom_content_loaded_ms: 500, load_ms: 900, render_blocking: blocking,
    } });
    // The browser says theme.css blocked and late.css (added by a script) did not: its start time does not matter.
    expect(blockingResources(page(['https://example.com/theme.css'], 900), 1280).map((b) => b.url)).toEqual(['https://example.com/theme.css']);
    // Where it says nothing, the clocks decide.
    expect(blockingResources(page(null, 900), 1280).map((b) => b.url)).toEqual(['https://example.com/late.css']);
  });
});
