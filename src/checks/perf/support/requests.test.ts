import { describe, expect, it } from 'vitest';
import { buildViews } from '../../../evidence/views.js';
import { runFacts } from '../../../evidence/run-facts.js';
import { makeBundle, makePage } from '../../test-support.js';
import { judgedPages } from './requests.js';

describe('judgedPages', () => {
  it("judges a single-page app's hash routes as screens of their own, an in-page anchor as its page", () => {
    const urls = ['https://example.com/docs/', 'https://example.com/docs/#/usage/taring', 'https://example.com/docs/#!/usage/taring/', 'https://example.com/docs/#install', 'https://example.com/docs/#/wiring'];
    const bundle = makeBundle({ pages: urls.map((url) => makePage({ url, final_url: url })) });
    expect(judgedPages(bundle, buildViews(bundle, runFacts(bundle))).map((p) => p.final_url)).toEqual(['https://example.com/docs/', 'https://example.com/docs/#/usage/taring', 'https://example.com/docs/#/wiring']);
  });
});
