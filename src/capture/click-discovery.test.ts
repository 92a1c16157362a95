import { describe, expect, it } from 'vitest';
import { isSafeToClick } from './click-discovery.js';

describe('isSafeToClick', () => {
  it.each(['Pricing', 'Docs', 'Team', 'Reports', 'Changelog', 'Overview', 'Features', 'Next'])('clicks %s', (name) => {
    expect(isSafeToClick({ name })).toBe(true);
  });
  it.each(['Log out', 'Logout', 'Sign out', 'Delete workspace', 'Remove item', 'Buy now', 'Add to cart', 'Checkout', 'Submit', 'Pay €12', 'Subscribe',
    'Accept all', 'Reject all', 'Cookie settings', 'Save changes', 'Cancel subscription', 'Place order'])('never clicks %s', (name) => {
    expect(isSafeToClick({ name })).toBe(false);
  });
});
