// The chaos run's safety contract, enforced in the browser context: every request that could change
// data (anything but GET, HEAD, OPTIONS) is answered locally and recorded as "would have sent" unless
// the owner authorized real mutation for that host — and even then destructive ones (delete, cancel,
// unsubscribe, logout, and what the app model declares) stay dry unless the app model allows them by
// name. Never-touch URLs of the app model are refused outright. Payment providers are never reached,
// whatever was authorized.
import type { BrowserContext, Request, Route } from 'playwright-core';
import type { ChaosEvidence } from '../evidence/types.js';
import { destructiveAction, mayMutate, neverTouches, SAFE_METHODS, type ChaosModelPolicy } from './app-model-policy.js';

export const PAYMENT_HOSTS = /(^|\.)(stripe\.com|stripe\.network|paypal\.com|paypalobjects\.com|braintreegateway\.com|braintree-api\.com|adyen\.com|adyenpayments\.com|squareup\.com|squarecdn\.com|checkout\.com|klarna\.com|mollie\.com|razorpay\.com|authorize\.net|worldpay\.com)$/i;
/** Card fields by autocomplete and name, and payment providers' frames. */
export const PAYMENT_FORM_SELECTOR = [
  'input[autocomplete^="cc-"]', 'input[name*="cardnumber" i]', 'input[name*="card_number" i]', 'input[name*="card-number" i]',
  'input[name*="cvc" i]', 'input[name*="cvv" i]', 'input[name*="csc" i]', 'input[id*="cardnumber" i]',
  'iframe[src*="stripe.com"]', 'iframe[name^="__privateStripeFrame"]', 'iframe[src*="paypal.com"]', 'iframe[src*="braintreegateway"]', 'iframe[src*="adyen"]',
].join(', ');

export interface SafetyPolicy {
  /** Hosts the workspace authorized for real mutation. */
  mutationHosts: ReadonlySet<string>;
  /** The step being acted out, for the records. */
  step: () => number;
  /** The run's app model (docs/app-models.md): never-touch URLs are refused, destructive actions follow it. */
  model?: ChaosModelPolicy | null;
  /**
   * The app model's login, while it signs in: the one URL its form submits to may really be written
   * to (a session cannot exist otherwise). Set for the login only, then cleared; never-touch areas
   * and payment providers stay refused even there.
   */
  login?: LoginExemption;
}

export interface LoginExemption {
  /** The login form's submit URL while the login is under way, else null. */
  target: URL | null;
  /** What was let through under it. */
  sent: { method: string; url: string }[];
}

const sameEndpoint = (a: URL, b: URL) => a.origin === b.origin && a.pathname === b.pathname;

export interface SafetyRecord {
  wouldHaveSent: ChaosEvidence['would_have_sent'];
  refused: ChaosEvidence['refused'];
  /** How many requests siteqa answered itself so far (a breakage right after one may be our doing). */
  answered(): number;
}

export function redactBody(body: string | null): string | null {
  if (body === null) return null;
  return body.slice(0, 500)
    .replace(/((?:pass(?:word)?|pwd|secret|token|card|cc|cvc|cvv)[^=&":]*["']?\s*[=:]\s*["']?)[^&"',}\s]*/gi, '$1••••')
    .replace(/\b\d{12,19}\b/g, '••••');
}

/** A URL for the records: its query string's values masked (a login may carry anything there). */
function redactUrl(raw: string): string {
  const u = new URL(raw);
  for (const k of [...u.searchParams.keys()]) u.searchParams.set(k, '••••');
  return u.href.slice(0, 500);
}

export async function installSafety(context: BrowserContext, policy: SafetyPolicy): Promise<SafetyRecord> {
  const record: SafetyRecord & { count: number } = { wouldHaveSent: [], refused: [], count: 0, answered: () => record.count };
  await context.route('**/*', async (route: Route, request: Request) => {
    const url = new URL(request.url());
    if (PAYMENT_HOSTS.test(url.hostname)) {
      if (record.refused.length < 200) record.refused.push({ step: policy.step(), method: request.method(), url: request.url().slice(0, 500), reason: 'payment provider: never contacted by a chaos run' });
      return route.abort('blockedbyclient').catch(() => {});
    }
    const model = policy.model ?? null;
    if (neverTouches(model, url)) {
      if (record.refused.length < 200) record.refused.push({ step: policy.step(), method: request.method(), url: request.url().slice(0, 500), reason: 'never_touch: the app model keeps chaos runs out of this area' });
      return route.abort('blockedbyclient').catch(() => {});
    }
    const login = policy.login;
    if (login?.target && !SAFE_METHODS.has(request.method()) && sameEndpoint(url, login.target)) {
      if (login.sent.length < 20) login.sent.push({ method: request.method(), url: redactUrl(request.url()) });
      return route.fallback();
    }
    // A safe method is sent, unless the model declares it a destructive action (e.g. GET /cart/empty).
    if (SAFE_METHODS.has(request.method()) && destructiveAction(model, request.method(), url) === null) return route.fallback();
    if (mayMutate(model, policy.mutationHosts, request.method(), url)) return route.fallback();
    record.count++;
    if (record.wouldHaveSent.length < 200) record.wouldHaveSent.push({ step: policy.step(), method: request.method(), url: request.url().slice(0, 500), body: redactBody(request.postData()) });
    return route.fulfill({ status: 204, headers: { 'access-control-allow-origin': url.origin, 'x-siteqa-dry-run': '1' }, body: '' }).catch(() => {});
  });
  return record;
}
