import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseAllowlist } from './index.js';

describe('config', () => {
  it('has working defaults for the embedded mode', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, databaseUrl: null, dataDir: './data', maxPages: 50, runDeadlineMs: 120_000, urlAllowlist: [] });
  });

  it('parses the allowlist as lower-cased host:port entries', () => {
    expect(parseAllowlist(' LocalHost:3000 ,127.0.0.1:3000,, ')).toEqual(['localhost:3000', '127.0.0.1:3000']);
  });

  it.each([
    ['PORT', 'eighty'],
    ['QA_MAX_PAGES', '0'],
    ['DATABASE_URL', 'mysql://x'],
    ['QA_EMBEDDED_WORKER', 'maybe'],
    ['STRIPE_API_BASE', 'ftp://127.0.0.1:1'],
    ['STRIPE_API_BASE', 'http://127.0.0.1:1/v1'],
    ['SLACK_API_BASE', 'ftp://127.0.0.1:1/api'],
    ['SLACK_OAUTH_URL', 'https://slack.com/oauth/v2/authorize?client_id=x'],
  ])('refuses a bad %s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('keeps the payment provider optional and takes its API base as a bare origin', () => {
    expect(loadConfig({})).toMatchObject({ stripeSecretKey: null, stripeWebhookSecret: null, stripeApiBase: null });
    expect(loadConfig({ STRIPE_API_BASE: 'http://127.0.0.1:12111/' }).stripeApiBase).toBe('http://127.0.0.1:12111');
  });

  it('keeps the chat integration optional, with the provider\'s URLs by default', () => {
    expect(loadConfig({})).toMatchObject({ slackClientId: null, slackClientSecret: null, slackApiBase: 'https://slack.com/api', slackOauthUrl: 'https://slack.com/oauth/v2/authorize' });
    expect(loadConfig({ SLACK_API_BASE: 'http://127.0.0.1:4100/api/' }).slackApiBase).toBe('http://127.0.0.1:4100/api');
  });

  it('documents every variable it reads', () => {
    const src = readFileSync(new URL('./index.ts', import.meta.url), 'utf8');
    const doc = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
    const names = new Set([...src.matchAll(/env(?:\.|, ')([A-Z_]{3,})/g)].map((m) => m[1]!));
    expect(names.size).toBeGreaterThan(10);
    for (const n of names) expect(doc, n).toContain(`\`${n}\``);
  });
});
