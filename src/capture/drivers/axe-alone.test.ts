import { describe, expect, it } from 'vitest';
import { makePage } from '../../checks/test-support.js';
import { pagesToRecheck } from './axe-alone.js';

const axe = (error: string | null, over = {}) => ({ engine: 'axe-core 4.14.1', violations: [], passes: 0, incomplete: 0, error, ...over });
const page = (path: string, error: string | null, over = {}) => makePage({ url: `https://example.com${path}`, final_url: `https://example.com${path}`, accessibility: axe(error), ...over });

describe('pagesToRecheck', () => {
  it('takes loaded 2xx pages whose axe run failed, once per final URL, at most 3', () => {
    const pages = [
      page('/', null),
      page('/fftw-tutorial/', 'axe run: timed out after 9564 ms'),
      page('/fftw-tutorial/#plans', 'axe run: timed out after 9700 ms', { final_url: 'https://example.com/fftw-tutorial/#plans' }),
      page('/404', 'axe run: timed out', { status: 404 }),
      page('/stuck', 'axe run: timed out', { navigation_error: 'page unresponsive: its main thread did not answer within 5 s after load' }),
      page('/no-axe', null, { accessibility: null }),
      page('/already', 'axe run: timed out', { accessibility: axe('again', { crawl_error: 'axe run: timed out' }) }),
      page('/a', 'x'), page('/b', 'x'), page('/c', 'x'),
    ];
    expect(pagesToRecheck(pages).map((p) => new URL(p.final_url).pathname)).toEqual(['/fftw-tutorial/', '/a', '/b']);
  });

  it('skips a URL another visit measured', () => {
    expect(pagesToRecheck([page('/x', 'axe run: timed out'), page('/y', null, { final_url: 'https://example.com/x' })])).toEqual([]);
  });
});
