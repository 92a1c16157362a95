import { describe, expect, it } from 'vitest';
import { makePage } from '../checks/test-support.js';
import { isSafeToClick, keptAfterClick } from './click-discovery.js';

describe('isSafeToClick', () => {
  it.each(['Pricing', 'Docs', 'Team', 'Reports', 'Changelog', 'Overview', 'Features', 'Next'])('clicks %s', (name) => {
    expect(isSafeToClick({ name })).toBe(true);
  });
  it.each(['Log out', 'Logout', 'Sign out', 'Delete workspace', 'Remove item', 'Buy now', 'Add to cart', 'Checkout', 'Submit', 'Pay €12', 'Subscribe',
    'Accept all', 'Reject all', 'Cookie settings', 'Save changes', 'Cancel subscription', 'Place order'])('never clicks %s', (name) => {
    expect(isSafeToClick({ name })).toBe(false);
  });
});

describe('keptAfterClick', () => {
  const after = (url: string, route: 'none' | 'push_state', message: string) =>
    makePage({ url, region: 'click', reached_by: { from: 'https://example.com/', clicks: ['X'], route, after_click: true }, page_errors: [{ message, stack: null }] });
  const direct = (url: string, status: number | null, messages: string[]) => makePage({ url, status, page_errors: messages.map((message) => ({ message, stack: null })) });
  const clicks = (...afterClick: ReturnType<typeof after>[]) => ({ clicked: afterClick.length, tried: [], routes: [], afterClick, revealed: [] });

  it.each([
    ['a client-only state (address unchanged)', after('https://example.com/', 'none', 'boom'), [direct('https://example.com/', 200, [])], true],
    ['a route never visited (budget spent)', after('https://example.com/r', 'push_state', 'boom'), [], true],
    ['a route whose direct load fails', after('https://example.com/r', 'push_state', 'boom'), [direct('https://example.com/r', 404, [])], true],
    ['a route whose direct load does not throw', after('https://example.com/r', 'push_state', 'boom'), [direct('https://example.com/r', 200, [])], true],
    ['a route whose direct load throws the same', after('https://example.com/r', 'push_state', 'boom'), [direct('https://example.com/r/', 200, ['boom'])], false],
  ] as const)('%s → kept: %s', (_name, a, pages, kept) => {
    expect(keptAfterClick(clicks(a), pages).length).toBe(kept ? 1 : 0);
  });
});
