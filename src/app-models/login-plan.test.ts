// loginInputFor: the account's values are only ever planned for a page of the run's own host, even
// for a model stored before `//other.host/login` was refused as a path.
import { describe, expect, it } from 'vitest';
import { loginInputFor } from './login-plan.js';

const RUN = 'https://shop.example/account';

describe('loginInputFor', () => {
  it.each(['//evil.example/login', '/\\evil.example/login', 'https://evil.example/login', 'javascript:alert(1)'])('never plans a login on another host: %s', async (url) => {
    const input = await loginInputFor({ login: { url, accounts: ['SHOP_USER'] } }, RUN, null, undefined, undefined);
    expect(input).toMatchObject({ skipped: { account: 'SHOP_USER', url: RUN } });
    expect((input as { skipped: { reason: string } }).skipped.reason).toContain('is not on shop.example');
  });

  it('resolves a path on the run\'s host', async () => {
    const input = await loginInputFor({ login: { url: '/login', accounts: ['SHOP_USER'] } }, RUN, null, undefined, undefined);
    expect(input).toMatchObject({ skipped: { account: 'SHOP_USER', url: 'https://shop.example/login' } });
  });
});
