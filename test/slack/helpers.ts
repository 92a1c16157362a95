// Shared by the Slack suites: a service wired to the Slack stand-in, and the browser's walk through
// the install — bearer call to install, the consent screen, Slack's redirect to our callback.
import type { Clock } from '../../src/runtime.js';
import type { Store } from '../../src/store/index.js';
import { startTestService, type TestService } from '../support/service.js';
import type { SlackStandin } from '../support/slack-standin.js';

/** Links and the OAuth redirect_uri use this base; the tests call the service at svc.base (as behind a proxy). */
export const PUBLIC_BASE = 'https://qa.example';

export function startSlackService(standin: SlackStandin, env: Record<string, string> = {}, opts: { store?: Store; clock?: Clock; worker?: boolean } = {}): Promise<TestService> {
  return startTestService({ ...standin.env(), PUBLIC_BASE_URL: PUBLIC_BASE, QA_WORKSPACE_RATE_LIMIT: '1000', QA_JOB_POLL_MS: '0', ...env }, { worker: false, ...opts });
}

export interface Hop {
  status: number;
  location: string | null;
}

export async function hop(url: string, headers: Record<string, string> = {}): Promise<Hop> {
  const res = await fetch(url, { redirect: 'manual', headers });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get('location') };
}

/** Our callback as Slack's redirect names it (on PUBLIC_BASE), called on the test service instead. */
export const onService = (svc: TestService, location: string) => {
  const u = new URL(location);
  return `${svc.base}${u.pathname}${u.search}`;
};

/** install → consent screen → callback; returns each hop (the last one is the callback's answer). */
export async function walkInstall(svc: TestService, key: string): Promise<{ install: Hop; consent: Hop; callback: Hop; callbackUrl: string }> {
  const install = await hop(`${svc.base}/api/v1/integrations/slack/install`, { authorization: `Bearer ${key}` });
  if (install.status !== 302 || !install.location) throw new Error(`install answered ${install.status}`);
  const consent = await hop(install.location);
  if (consent.status !== 302 || !consent.location) throw new Error(`consent screen answered ${consent.status}`);
  const callbackUrl = onService(svc, consent.location);
  return { install, consent, callback: await hop(callbackUrl), callbackUrl };
}
