// validateAppModel: the schema's paths, then the rules a schema cannot state.
import { describe, expect, it } from 'vitest';
import { validateAppModel } from './validate.js';

const paths = (doc: unknown) => {
  const r = validateAppModel(doc, 'shop.example');
  return r.ok ? [] : r.diagnostics.map((d) => d.path);
};

describe('validateAppModel', () => {
  it.each([
    [{}],
    [{ notes: 'only notes' }],
    [{ templates: [{ name: 'product', pattern: '/products/:slug', sample: 3 }] }],
    [{ never_touch: { selectors: ['#danger', 'form[action*=delete] button'] } }],
    [{ destructive_actions: { actions: [{ name: 'archive', url: '/orders/:id/archive' }], allow: ['archive', 'logout'] } }],
    [{ login: { url: 'https://shop.example/login', accounts: ['SHOP_USER'] } }],
    [{ login: { url: '/login', accounts: ['SHOP_USER'], username_field: 'Email', password_field: 'Password', submit: 'Sign in', success: { url: '/account/**', text: 'Welcome back', selector: 'a[href="/logout"]' } } }],
  ])('accepts %j', (doc) => {
    expect(paths(doc)).toEqual([]);
  });

  it.each([
    [{ templates: [{ name: 'Product', pattern: '/p' }] }, ['/templates/0/name']],
    [{ templates: [{ name: 'p', pattern: '/p', sample: 9 }] }, ['/templates/0/sample']],
    [{ templates: [{ name: 'p' }] }, ['/templates/0/pattern']],
    [{ never_touch: { selectors: ['a { color: red }'] } }, ['/never_touch/selectors/0']],
    [{ destructive_actions: { actions: [{ name: 'x', url: '/x', methods: ['HEAD'] }] } }, ['/destructive_actions/actions/0/methods/0']],
    [{ destructive_actions: { allow: ['nuke'] } }, ['/destructive_actions/allow/0']],
    [{ login: { url: 'javascript:alert(1)' } }, ['/login/url']],
    [{ login: { url: 'https://u:p@shop.example/login' } }, ['/login/url']],
    [{ login: { url: '//evil.example/login' } }, ['/login/url']],
    [{ login: { url: '/\\evil.example/login' } }, ['/login/url']],
    [{ login: { url: '/login', accounts: ['pw=hunter2'] } }, ['/login/accounts/0']],
    [{ login: { url: '/login', SHOP_USER: 'hunter2' } }, ['/login']],
    [{ login: { url: '/login', success: {} } }, ['/login/success']],
    [{ login: { url: '/login', success: { url: 'account' } } }, ['/login/success/url']],
    [{ login: { url: '/login', success: { password: 'x' } } }, ['/login/success']],
    [{ login: { url: '/login', submit: '' } }, ['/login/submit']],
  ])('refuses %j at %j', (doc, want) => {
    expect(paths(doc)).toEqual(want);
  });
});
