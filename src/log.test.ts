import { describe, expect, it } from 'vitest';
import { redactText, redactUrl } from './log.js';

describe('log redaction', () => {
  it.each([
    ['/api/v1/report-subscriptions/unsubscribe?token=abc123', '/api/v1/report-subscriptions/unsubscribe?token=[redacted]'],
    ['/x?%74oken=abc&page=2', '/x?%74oken=[redacted]&page=2'],
    ['/x?page=2&API_KEY=k1&sig=s#frag', '/x?page=2&API_KEY=[redacted]&sig=[redacted]#frag'],
    ['https://hooks.example/in?access_token=t0k&team=a', 'https://hooks.example/in?access_token=[redacted]&team=a'],
    ['/api/v1/audits?limit=10', '/api/v1/audits?limit=10'],
    ['/api/v1/audits', '/api/v1/audits'],
    ['/x?tokenish=1&mytoken=2', '/x?tokenish=1&mytoken=2'],
    ['/api/v1/integrations/slack/callback?code=123.456.abc&state=s7a7e', '/api/v1/integrations/slack/callback?code=[redacted]&state=[redacted]'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('masks URLs inside free text', () => {
    expect(redactText('POST https://hooks.example/in?token=abc failed: receiver answered 500')).toBe('POST https://hooks.example/in?token=[redacted] failed: receiver answered 500');
  });
});

describe('the logger', () => {
  it('redacts URLs in logged errors, whether Error objects or strings', async () => {
    const { Writable } = await import('node:stream');
    const { createLogger } = await import('./log.js');
    const lines: string[] = [];
    const log = createLogger({ logLevel: 'info' }, new Writable({ write: (c, _e, done) => (lines.push(String(c)), done()) }));
    log.warn({ err: new Error('POST https://hooks.example/in?token=s3cret failed') }, 'job failed');
    log.warn({ err: 'GET https://x.example/?api_key=k3y refused' }, 'job failed');
    await new Promise((r) => setTimeout(r, 50));
    const out = lines.join('');
    expect(out).toContain('token=[redacted]');
    expect(out).toContain('api_key=[redacted]');
    expect(out).not.toContain('s3cret');
    expect(out).not.toContain('k3y');
  });
});

describe('payment-provider secrets in the log', () => {
  it('censors the webhook signature header and the provider keys wherever they are logged', async () => {
    const { Writable } = await import('node:stream');
    const { createLogger } = await import('./log.js');
    const lines: string[] = [];
    const log = createLogger({ logLevel: 'info' }, new Writable({ write: (c, _e, done) => (lines.push(String(c)), done()) }));
    log.info({ req: { method: 'POST', url: '/api/v1/billing/webhook', headers: { 'stripe-signature': 't=1,v1=abcdef0123' } } }, 'webhook');
    log.info({ headers: { 'stripe-signature': 't=1,v1=abcdef0123' } }, 'raw headers');
    log.info({ config: { stripeSecretKey: 'sk_test_leak1', stripeWebhookSecret: 'whsec_leak2' } }, 'config');
    await new Promise((r) => setTimeout(r, 50));
    const out = lines.join('');
    expect(out).toContain('[redacted]');
    for (const secret of ['abcdef0123', 'sk_test_leak1', 'whsec_leak2']) expect(out).not.toContain(secret);
  });
});
