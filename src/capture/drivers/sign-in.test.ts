// keepSignedIn: a signed-in crawl's page groups keep it off logout URLs, and only then.
import { describe, expect, it } from 'vitest';
import { keepSignedIn } from './sign-in.js';

describe('keepSignedIn', () => {
  const groups = (url: string) => (url.includes('/products/') ? { key: 'product', max: 1 } : null);

  it('makes logout URLs a group of zero pages once signed in, and leaves the rest to the model', () => {
    const g = keepSignedIn(groups, true)!;
    for (const u of ['https://shop.example/logout', 'https://shop.example/account/sign-out', 'https://shop.example/auth?action=log_out', 'https://shop.example/users/sign_out']) {
      expect(g(u), u).toEqual({ key: 'never_touch', max: 0 });
    }
    expect(g('https://shop.example/products/lamp')).toEqual({ key: 'product', max: 1 });
    expect(g('https://shop.example/blog/logout-tips-and-tricks')).toBeNull();
    expect(keepSignedIn(null, true)!('https://shop.example/account')).toBeNull();
  });

  it('changes nothing when the run is not signed in', () => {
    expect(keepSignedIn(groups, false)).toBe(groups);
    expect(keepSignedIn(null, false)).toBeNull();
  });
});
