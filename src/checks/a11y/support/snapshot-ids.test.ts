import { describe, expect, it } from 'vitest';
import { duplicateReferencedIds, tagsOf } from './snapshot-ids.js';

describe('DOM snapshot ids', () => {
  it('reads tags and attributes, quoted values with ">" and entities included', () => {
    const tags = tagsOf('<div data-x="a>b" id="one" title=\'it&amp;s\'><br/><input disabled id=two></div>');
    expect(tags.map((t) => [t.name, t.attrs.get('id'), t.attrs.get('title') ?? null])).toEqual([
      ['div', 'one', 'it&s'],
      ['br', undefined, null],
      ['input', 'two', null],
    ]);
  });

  it('finds duplicated ids referenced by label for and aria id lists', () => {
    const html = '<label for="email">Email</label><input id="email"><input id="email">'
      + '<span id="hint">a</span><span id="hint">b</span><div aria-describedby="other hint"></div>'
      + '<i id="lonely"></i><i id="lonely"></i><!-- <p aria-labelledby="lonely"></p> -->';
    expect(duplicateReferencedIds(html)).toEqual([
      { id: 'email', count: 2, referencedBy: ['label for'], html: '<input id="email">' },
      { id: 'hint', count: 2, referencedBy: ['aria-describedby'], html: '<span id="hint">' },
    ]);
  });

  it('returns nothing for a realistic clean page', () => {
    const html = '<header><nav aria-labelledby="nav-title"><h2 id="nav-title">Menu</h2></nav></header>'
      + '<main><form><label for="q">Search</label><input id="q" aria-describedby="q-hint"><p id="q-hint">Try a title</p></form></main>';
    expect(duplicateReferencedIds(html)).toEqual([]);
  });
});
