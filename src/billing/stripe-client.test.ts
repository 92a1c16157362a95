import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { describeProviderError, stripeOptions } from './stripe-client.js';

describe('the stripe client options', () => {
  it('points the client at STRIPE_API_BASE by host, port and protocol, and at the provider without it', () => {
    expect(stripeOptions('http://127.0.0.1:12111')).toMatchObject({ host: '127.0.0.1', port: '12111', protocol: 'http' });
    expect(stripeOptions('https://stripe-mock.internal')).toMatchObject({ host: 'stripe-mock.internal', port: 443, protocol: 'https' });
    const own = stripeOptions(null);
    expect(own.host).toBeUndefined();
    expect(own.telemetry).toBe(false);
  });

  it('describes provider errors by type, code, status and request id, never by message', () => {
    const err = new Stripe.errors.StripeInvalidRequestError({ type: 'invalid_request_error', code: 'resource_missing', statusCode: 404, requestId: 'req_1', message: 'Invalid API Key provided: sk_test_****abcd' } as never);
    expect(describeProviderError(err)).toBe('invalid_request_error, resource_missing, HTTP 404, request req_1');
    expect(describeProviderError(new TypeError('x'))).toBe('TypeError');
  });
});
