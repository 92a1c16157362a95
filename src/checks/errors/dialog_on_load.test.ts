import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makePage } from '../test-support.js';
import { check } from './dialog_on_load.js';

describe('errors.dialog_on_load', () => {
  const valid = [
    ['a realistic healthy site (a beforeunload prompt when the crawler left)', realisticSite()],
    ['no dialogs', makeBundle({ pages: [makePage()] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('reports an alert seen on two pages once, as a warning with its message', () => {
    const pages = [
      makePage({ dialogs: [{ type: 'alert', message: 'test' }] }),
      makePage({ url: 'https://example.com/b', depth: 1, dialogs: [{ type: 'alert', message: 'test' }] }),
    ];
    const [f, ...rest] = findingsOf(check, makeBundle({ pages }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: 'Page opens an alert() dialog: "test"' });
    expect(f!.evidence).toMatchObject({ types: ['alert'], messages: ['test'], occurrences: 2, pages_total: 2 });
  });

  it('reports dialogs on different pages separately', () => {
    const pages = [makePage({ dialogs: [{ type: 'confirm', message: 'Are you 18?' }] }), makePage({ url: 'https://example.com/b', depth: 1, dialogs: [{ type: 'prompt', message: 'Postcode?' }] })];
    expect(findingsOf(check, makeBundle({ pages })).map((f) => f.evidence!.messages)).toEqual([['Are you 18?'], ['Postcode?']]);
  });

  it('reports an endless alert/confirm/prompt loop on one page as one finding', () => {
    const texts = ['Are you sure?', 'Really leave?', 'Tell us why'];
    const loop = Array.from({ length: 12 }, (_, i) => ({ type: ['alert', 'confirm', 'prompt'][i % 3]!, message: texts[i % 3]! }));
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [makePage({ url: 'https://example.com/dialogs', dialogs: loop })] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: 'Page opens alert(), confirm(), prompt() dialogs' });
    expect(f!.evidence).toMatchObject({ types: ['alert', 'confirm', 'prompt'], messages: texts, occurrences: 12 });
  });
});
