// A loopback stand-in of the payment provider's API for the real `stripe` client (STRIPE_API_BASE):
// customers, prices by lookup key, billing meters, checkout and portal sessions, subscriptions and
// meter events. It parses the form-encoded bodies, refuses what the provider would refuse, replays
// Idempotency-Keys as the provider does, records every request, and can fail like an outage.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeForm } from './stripe-form.js';

export const STANDIN_KEY = 'sk_test_standin_0123456789';

export interface StandinRequest {
  method: string;
  path: string;
  params: Record<string, any>;
  idempotencyKey: string | null;
}

type Obj = Record<string, any>;
class ApiFailure extends Error {
  constructor(readonly status: number, readonly type: string, message: string, readonly code?: string) {
    super(message);
  }
}

export class StripeStandin {
  readonly requests: StandinRequest[] = [];
  readonly customers = new Map<string, Obj>();
  readonly prices = new Map<string, Obj>();
  readonly meters = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly meterEvents: Obj[] = [];
  /** Every call answers 500 while set (nothing is executed). */
  outage = false;
  /** Calls to this route ('POST /v1/…') are executed, then the connection drops: the answer is lost. */
  loseResponsesOf: string | null = null;
  private readonly replays = new Map<string, { status: number; body: string }>();
  private seq = 0;
  url = '';
  private server = http.createServer((req, res) => void this.serve(req, res));

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }

  /** Requests to `path` (method and path, e.g. 'POST /v1/checkout/sessions'). */
  calls(route: string): StandinRequest[] {
    return this.requests.filter((r) => `${r.method} ${r.path}` === route);
  }

  /** Accepted meter events with this identifier: 1 means billed once. */
  meterEventCount(identifier: string): number {
    return this.meterEvents.filter((e) => e.identifier === identifier).length;
  }

  /** The customer pays on the hosted page: the session completes with a new subscription. */
  completeCheckout(sessionId: string, status = 'trialing', nowSec = Math.floor(Date.now() / 1000)): { session: Obj; subscription: Obj } {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const data = session.subscription_data ?? {};
    const trialDays = data.trial_period_days ? Number(data.trial_period_days) : 0;
    const items = (session.line_items as Obj[]).map((li) => ({ id: this.id('si'), object: 'subscription_item', price: this.prices.get(li.price), quantity: li.quantity ? Number(li.quantity) : null }));
    const subscription = {
      id: this.id('sub'), object: 'subscription', customer: session.customer, status, metadata: data.metadata ?? {},
      trial_start: trialDays ? nowSec : null, trial_end: trialDays ? nowSec + trialDays * 86_400 : null,
      items: { object: 'list', data: items, has_more: false, url: '/v1/subscription_items' }, created: nowSec, livemode: false,
    };
    this.subscriptions.set(subscription.id, subscription);
    Object.assign(session, { status: 'complete', payment_status: trialDays ? 'no_payment_required' : 'paid', subscription: subscription.id });
    return { session: structuredClone(session), subscription: structuredClone(subscription) };
  }

  /** The provider changes the subscription (payment failed, retried, cancelled…); returns a snapshot. */
  setStatus(subscriptionId: string, status: string): Obj {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    sub.status = status;
    return structuredClone(sub);
  }

  private id(prefix: string): string {
    this.seq += 1;
    return `${prefix}_standin${this.seq}`;
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let text = '';
    for await (const chunk of req) text += chunk;
    const url = new URL(req.url ?? '/', this.url);
    const params = req.method === 'GET' ? decodeForm(url.search.slice(1)) : decodeForm(text);
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    this.requests.push({ method: req.method ?? '', path: url.pathname, params, idempotencyKey: key });
    const send = (status: number, body: string, replayed = false): void => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': this.id('req'), ...(replayed ? { 'idempotent-replayed': 'true' } : {}) }).end(body);
    };
    if (req.headers.authorization !== `Bearer ${STANDIN_KEY}`) return send(401, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
    if (this.outage) return send(500, JSON.stringify({ error: { type: 'api_error', message: 'stand-in outage' } }));
    const lose = this.loseResponsesOf === `${req.method} ${url.pathname}`;
    if (req.method === 'POST' && key && this.replays.has(key)) {
      const replay = this.replays.get(key)!;
      if (lose) return void res.socket?.destroy();
      return send(replay.status, replay.body, true);
    }
    let status = 200;
    let body: string;
    try {
      body = JSON.stringify(this.route(req.method ?? '', url.pathname, params));
    } catch (err) {
      if (!(err instanceof ApiFailure)) throw err;
      status = err.status;
      body = JSON.stringify({ error: { type: err.type, message: err.message, code: err.code } });
    }
    if (req.method === 'POST' && key) this.replays.set(key, { status, body });
    if (lose) return void res.socket?.destroy();
    send(status, body);
  }

  private route(method: string, path: string, p: Obj): unknown {
    const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });
    const need = (cond: unknown, message: string) => {
      if (!cond) throw new ApiFailure(400, 'invalid_request_error', message, 'parameter_missing');
    };
    const route = `${method} ${path}`;
    if (route === 'POST /v1/customers') {
      const c = { id: this.id('cus'), object: 'customer', email: p.email ?? null, name: p.name ?? null, metadata: p.metadata ?? {} };
      this.customers.set(c.id, c);
      return c;
    }
    if (route === 'GET /v1/prices') {
      const keys: string[] = p.lookup_keys ?? [];
      return list([...this.prices.values()].filter((x) => keys.includes(x.lookup_key) && (p.active !== 'true' || x.active)), '/v1/prices');
    }
    if (route === 'POST /v1/prices') {
      need(p.currency && p.unit_amount && p.product_data?.name, 'currency, unit_amount and product_data[name] are required');
      if ([...this.prices.values()].some((x) => x.lookup_key === p.lookup_key)) throw new ApiFailure(400, 'invalid_request_error', 'A price with this lookup_key already exists.');
      if (p.recurring?.usage_type === 'metered') need(this.meters.has(p.recurring.meter), 'metered prices need an existing recurring[meter]');
      const price = { id: this.id('price'), object: 'price', active: true, currency: p.currency, unit_amount: Number(p.unit_amount), lookup_key: p.lookup_key ?? null, recurring: { interval: p.recurring?.interval, usage_type: p.recurring?.usage_type ?? 'licensed', meter: p.recurring?.meter ?? null }, product: this.id('prod') };
      this.prices.set(price.id, price);
      return price;
    }
    if (route === 'GET /v1/billing/meters') return list([...this.meters.values()], '/v1/billing/meters');
    if (route === 'POST /v1/billing/meters') {
      need(p.event_name && p.display_name && p.default_aggregation?.formula, 'event_name, display_name and default_aggregation[formula] are required');
      const meter = { id: this.id('mtr'), object: 'billing.meter', status: 'active', event_name: p.event_name, display_name: p.display_name, customer_mapping: p.customer_mapping, value_settings: p.value_settings };
      this.meters.set(meter.id, meter);
      return meter;
    }
    if (route === 'POST /v1/checkout/sessions') {
      need(p.mode && p.line_items?.length && p.success_url, 'mode, line_items and success_url are required');
      need(!p.customer || this.customers.has(p.customer), `No such customer: '${p.customer}'`);
      for (const li of p.line_items) need(this.prices.has(li.price), `No such price: '${li.price}'`);
      const id = this.id('cs');
      const session = { id, object: 'checkout.session', url: `${this.url}/pay/${id}`, status: 'open', ...p, subscription: null };
      this.sessions.set(id, session);
      return session;
    }
    if (route === 'POST /v1/billing_portal/sessions') {
      if (!this.customers.has(p.customer)) throw new ApiFailure(404, 'invalid_request_error', `No such customer: '${p.customer}'`, 'resource_missing');
      return { id: this.id('bps'), object: 'billing_portal.session', customer: p.customer, return_url: p.return_url ?? null, url: `${this.url}/portal/${p.customer}` };
    }
    if (method === 'GET' && path.startsWith('/v1/subscriptions/')) {
      const sub = this.subscriptions.get(path.slice('/v1/subscriptions/'.length));
      if (!sub) throw new ApiFailure(404, 'invalid_request_error', 'No such subscription', 'resource_missing');
      return sub;
    }
    if (route === 'POST /v1/billing/meter_events') {
      need([...this.meters.values()].some((m) => m.event_name === p.event_name), `No active meter with event_name ${p.event_name}`);
      need(this.customers.has(p.payload?.stripe_customer_id) && /^\d+$/.test(p.payload?.value ?? ''), 'payload[stripe_customer_id] and a numeric payload[value] are required');
      const event = { object: 'billing.meter_event', event_name: p.event_name, identifier: p.identifier, payload: p.payload, timestamp: Number(p.timestamp), created: Math.floor(Date.now() / 1000), livemode: false };
      this.meterEvents.push(event);
      return event;
    }
    throw new ApiFailure(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }
}

export const startStripeStandin = () => new StripeStandin().start();
