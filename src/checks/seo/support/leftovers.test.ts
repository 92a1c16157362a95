import { describe, expect, it } from 'vitest';
import { leftoverIn } from './leftovers.js';

describe('template variables left in titles and descriptions', () => {
  it.each<[string, string | null]>([
    ['{{ page.title }} | Acme', '{{ page.title }}'],
    ['{{ site.description | escape }}', '{{ site.description | escape }}'],
    ['%%title%% %%sep%% %%sitename%%', '%%title%%'],
    ['Vue text interpolation: the {{ }} syntax', null],
    ['C++ templates: vector<int> explained', null],
    ['<dialog>: The Dialog element', null],
    ['Garden tools made to last | Acme', null],
  ])('%s → %s', (text, found) => {
    expect(leftoverIn(text)).toBe(found);
  });
});
