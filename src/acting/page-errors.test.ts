import { describe, expect, it } from 'vitest';
import type { ConsoleRecord, RequestRecord } from '../evidence/types.js';
import { describePageErrors, pageErrorsIn } from './page-errors.js';

const SITE = 'https://shop.example/search';
const req = (url: string, status: number | null, over: Partial<RequestRecord> = {}): RequestRecord => ({
  url, method: 'GET', resource_type: 'fetch', is_navigation: false, status, failure: null, blocked: false, beacon_stubbed: false,
  body_bytes: null, transfer_bytes: null, start_ms: 0, duration_ms: 10, response_headers: {}, post_data: null, ...over,
});
const con = (text: string, type = 'error'): ConsoleRecord => ({ type, text, url: null, line: null });
const none = { requests: [] as RequestRecord[], console: [] as ConsoleRecord[], page_errors: [] as { message: string; stack: string | null }[] };

describe('what expect_no_errors counts', () => {
  it.each([
    ['an uncaught exception', { ...none, page_errors: [{ message: 'TypeError: x is undefined', stack: null }] }, ['uncaught exception “TypeError: x is undefined”']],
    ['an unhandled rejection (reported by the browser as a page error)', { ...none, page_errors: [{ message: "Cannot read properties of undefined (reading 'kg')", stack: null }] }, ["uncaught exception “Cannot read properties of undefined (reading 'kg')”"]],
    ['a 500 from the site itself', { ...none, requests: [req('https://shop.example/help/returns', 500, { is_navigation: true })] }, ['GET https://shop.example/help/returns answered 500']],
    ['a 503 from another host of the same site', { ...none, requests: [req('https://api.shop.example/cart', 503, { method: 'POST' })] }, ['POST https://api.shop.example/cart answered 503']],
  ])('counts %s', (_name, happened, want) => {
    expect(pageErrorsIn(happened, { siteUrl: SITE, console: false }).map((e) => e.text)).toEqual(want);
  });

  it.each([
    ['a third party answering 500', { ...none, requests: [req('https://cdn.widgets.example/w.js', 500), req('http://localhost:4000/api', 502)] }],
    ['4xx answers and requests that never got one', { ...none, requests: [req('https://shop.example/missing', 404), req('https://shop.example/slow', null)] }],
    ['a request siteqa answered itself', { ...none, requests: [req('https://shop.example/reviews', 500, { response_headers: { 'x-siteqa-dry-run': '1' } })] }],
    ['console errors, unless the step asks for them', { ...none, console: [con('Uncaught oops')] }],
    ['console warnings', { ...none, console: [con('deprecated', 'warning')] }],
  ])('ignores %s', (_name, happened) => {
    expect(pageErrorsIn(happened, { siteUrl: SITE, console: false })).toEqual([]);
  });

  it('counts console errors when asked, but not a failed load twice', () => {
    const happened = { ...none, console: [con('Failed to load resource: the server responded with a status of 500 ()'), con('price is not a number'), con('fine', 'log')] };
    expect(pageErrorsIn(happened, { siteUrl: SITE, console: true })).toEqual([{ kind: 'console_error', text: 'console error “price is not a number”' }]);
  });

  it('tells loopback hosts apart: 127.0.0.1 is not localhost', () => {
    const happened = { ...none, requests: [req('http://127.0.0.1:8080/a', 500), req('http://localhost:8080/b', 500)] };
    expect(pageErrorsIn(happened, { siteUrl: 'http://127.0.0.1:8080/', console: false }).map((e) => e.text)).toEqual(['GET http://127.0.0.1:8080/a answered 500']);
  });

  it('says how many, since when, and the first three', () => {
    const errors = ['a', 'b', 'c', 'd'].map((m) => ({ kind: 'uncaught_exception' as const, text: m }));
    expect(describePageErrors(errors.slice(0, 1), 'the flow started')).toBe('1 error on the page since the flow started: a');
    expect(describePageErrors(errors, 'step 3 checked it')).toBe('4 errors on the page since step 3 checked it: a; b; c; and 1 more');
  });
});
