// Which test account a run of a workspace signs in with, and its values: the app model names
// accounts, the workspace's stored flow credentials hold them (account NAME = credentials NAME,
// the user name, and NAME_PASSWORD), opened from the secret box only for the driver's input.
// No model login → null; a login without a usable account → `skipped` with the reason (a note).
import type { LoginInput } from '../acting/login.js';
import type { Store } from '../store/index.js';
import type { SecretBox } from '../workspaces/secret-box.js';
import type { AppModelDoc } from './document.js';

export const passwordName = (account: string) => `${account}_PASSWORD`;

export async function loginInputFor(doc: AppModelDoc | null, runUrl: string, workspaceId: string | null, store: Store | undefined, secrets: SecretBox | undefined): Promise<LoginInput | null> {
  const login = doc?.login;
  if (!login) return null;
  const accounts = login.accounts ?? [];
  // The account's values are typed only into a page of the run's own host (a model stored before
  // `//other.host/login` was refused as a path must not send them elsewhere).
  const resolved = sameHostUrl(login.url, runUrl);
  if (!resolved) return { skipped: { account: accounts[0] ?? null, url: runUrl, reason: `the login URL ${login.url.slice(0, 200)} is not on ${hostOf(runUrl)}` } };
  const url = resolved.href;
  const skipped = (account: string | null, reason: string): LoginInput => ({ skipped: { account, url, reason } });
  if (accounts.length === 0) return skipped(null, 'the app model declares a login page but no test account (login.accounts)');
  if (!workspaceId || !store || !secrets) return skipped(accounts[0]!, 'stored credentials cannot be read here (no workspace store)');
  const names = accounts.flatMap((a) => [a, passwordName(a)]);
  const sealed = await store.flows.workspaceCredentials(workspaceId, names);
  const account = accounts.find((a) => sealed[a] !== undefined && sealed[passwordName(a)] !== undefined);
  if (!account) {
    const wanted = accounts.map((a) => `${a} and ${passwordName(a)}`).join('; or ');
    return skipped(accounts[0]!, `no stored credentials for the app model's test account${accounts.length > 1 ? 's' : ''}: the workspace needs ${wanted} stored as flow credentials (PUT /flows/{id}/credentials)`);
  }
  try {
    return {
      plan: {
        account, url, username: secrets.open(sealed[account]!), password: secrets.open(sealed[passwordName(account)]!),
        ...(login.username_field ? { username_field: login.username_field } : {}),
        ...(login.password_field ? { password_field: login.password_field } : {}),
        ...(login.submit ? { submit: login.submit } : {}),
        ...(login.success ? { success: login.success } : {}),
      },
    };
  } catch {
    return skipped(account, `the stored credentials of ${account} cannot be opened (the secrets key changed?)`);
  }
}

function sameHostUrl(raw: string, runUrl: string): URL | null {
  try {
    const u = new URL(raw, runUrl);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password && u.hostname === new URL(runUrl).hostname ? u : null;
  } catch {
    return null;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}
