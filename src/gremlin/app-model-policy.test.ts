// The chaos side of an app model: never-touch URLs, declared and built-in destructive actions, the allow-list.
import { describe, expect, it } from 'vitest';
import { chaosPolicyOf, destructiveAction, mayMutate, neverTouches } from './app-model-policy.js';

const policy = chaosPolicyOf({
  never_touch: { urls: ['/admin/**'], selectors: ['#danger'] },
  destructive_actions: { actions: [{ name: 'empty_cart', url: '/cart/empty', methods: ['GET', 'POST'] }, { name: 'archive', url: '/orders/:id/archive' }], allow: ['cancel', 'archive'] },
}, 'shop.example');
const u = (path: string, host = 'shop.example') => new URL(`https://${host}${path}`);
const authorized = new Set(['shop.example']);

describe('chaos app-model policy', () => {
  it('keeps never-touch URLs on the model host and its subdomains only', () => {
    expect(neverTouches(policy, u('/admin'))).toBe(true);
    expect(neverTouches(policy, u('/admin/users/1?x=1'))).toBe(true);
    expect(neverTouches(policy, u('/administration'))).toBe(false);
    expect(neverTouches(policy, u('/admin', 'other.example'))).toBe(false);
    expect(neverTouches(policy, u('/admin', 'notshop.example'))).toBe(false);
    // A redirect to a subdomain does not escape the model.
    expect(neverTouches(policy, u('/admin', 'www.shop.example'))).toBe(true);
    expect(neverTouches(null, u('/admin'))).toBe(false);
  });

  it('names destructive requests: declared (with their methods) before the built-in words', () => {
    expect(destructiveAction(policy, 'GET', u('/cart/empty'))).toBe('empty_cart');
    expect(destructiveAction(policy, 'POST', u('/orders/7/archive'))).toBe('archive');
    expect(destructiveAction(policy, 'GET', u('/orders/7/archive'))).toBeNull();
    expect(destructiveAction(policy, 'POST', u('/account/delete'))).toBe('delete');
    expect(destructiveAction(policy, 'POST', u('/sign-out'))).toBe('logout');
    expect(destructiveAction(policy, 'POST', u('/orders/7/cancel'))).toBe('cancel');
    expect(destructiveAction(policy, 'GET', u('/account/delete'))).toBeNull();
    expect(destructiveAction(null, 'POST', u('/reviews'))).toBeNull();
  });

  it('lets an authorized host perform only the destructive actions the model allows', () => {
    expect(mayMutate(policy, authorized, 'POST', u('/reviews'))).toBe(true);
    expect(mayMutate(policy, authorized, 'POST', u('/orders/7/cancel'))).toBe(true);
    expect(mayMutate(policy, authorized, 'POST', u('/orders/7/archive'))).toBe(true);
    expect(mayMutate(policy, authorized, 'POST', u('/account/delete'))).toBe(false);
    expect(mayMutate(policy, authorized, 'GET', u('/cart/empty'))).toBe(false);
    expect(mayMutate(policy, new Set(), 'POST', u('/orders/7/cancel'))).toBe(false);
    // Without a model the built-in rule stands: every destructive action stays dry.
    expect(mayMutate(null, authorized, 'POST', u('/orders/7/cancel'))).toBe(false);
    expect(mayMutate(null, authorized, 'POST', u('/reviews'))).toBe(true);
  });
});
