import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedHeaders, signPayload, verifySignature } from './webhook-signature.js';

const NOW = new Date('2026-05-01T12:00:00.000Z');
const T = NOW.getTime() / 1000;

describe('usage-webhook signatures', () => {
  it('is HMAC-SHA256 over "<timestamp>.<raw body>" (the documented recipe)', () => {
    const body = '{"type":"usage.test"}';
    const recipe = createHmac('sha256', 'whsec_1').update(`${T}.${body}`).digest('hex');
    expect(signPayload('whsec_1', T, body)).toBe(recipe);
    const h = signedHeaders('whsec_1', NOW, body, 'usage.test', 'd1');
    expect(h).toMatchObject({ 'siteqa-timestamp': String(T), 'siteqa-signature': `v1=${recipe}`, 'siteqa-event': 'usage.test', 'siteqa-delivery': 'd1' });
  });

  it('verifies only the same secret, body and a fresh timestamp', () => {
    const body = '{"a":1}';
    const h = signedHeaders('s', NOW, body, 'e', 'd');
    expect(verifySignature('s', h, body, T + 10)).toBe(true);
    expect(verifySignature('other', h, body, T)).toBe(false);
    expect(verifySignature('s', h, '{"a":2}', T)).toBe(false);
    expect(verifySignature('s', h, body, T + 301)).toBe(false);
    expect(verifySignature('s', { ...h, 'siteqa-signature': 'v1=zz' }, body, T)).toBe(false);
  });
});
