// A tiny shop for chaos tests, with bugs planted the way they happen: a search whose results script
// throws on a quote, a cart total that turns NaN when "Add to cart" is clicked fast, a review
// form that posts (a mutation), and a checkout page with a card form that posts to /pay; the
// pages in chaos-shop-pages.ts plant one bug per persona and per breakage kind. Apart from the shop
// (linked from nowhere in it), an account area with what an app model marks never-touch: a danger
// zone whose button wipes the account (GET /account/wipe) and a link into /admin.
// `fixed = true` serves the shop with two bugs fixed (a regression test confirmed from a chaos draft
// must pass then): the search reads its query without parsing it, /help/returns answers 200.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API, page, PAGES } from './chaos-shop-pages.js';

export interface ChaosShop {
  origin: string;
  hostPort: string;
  hits: { method: string; path: string }[];
  /** Serve the search and /help/returns without their planted bugs. */
  fixed: boolean;
  close(): Promise<void>;
}

export async function startChaosShop(): Promise<ChaosShop> {
  const shop: ChaosShop = { origin: '', hostPort: '', hits: [], fixed: false, close: async () => {} };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    shop.hits.push({ method: req.method ?? 'GET', path: url.pathname });
    req.resume();
    const html = (s: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(s);
    };
    if (req.method !== 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"ok":true}');
    }
    const known = PAGES[url.pathname];
    if (known) return html(known());
    const api = API[url.pathname];
    if (api) {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(api.body));
      }, api.delayMs);
      return;
    }
    if (url.pathname === '/help/returns' && shop.fixed) return html(page('Returns and refunds', '<p>Thirty days, no questions asked.</p>'));
    if (url.pathname === '/help/returns') {
      res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' });
      return res.end('<!doctype html><title>Error</title><h1>Internal Server Error</h1>');
    }
    if (url.pathname === '/') return html(page('Lamp shop', `<form method="post" action="/reviews"><label>Your review <input name="review"></label> <button>Post review</button></form><footer><a href="/orders">Your orders</a> <a href="/help">Help</a></footer>`));
    if (url.pathname === '/search') {
      return html(page('Search', `<form id="f"><label>Search <input id="q" name="q"></label></form><div id="out"></div>
<script>document.getElementById('f').addEventListener('submit', function (e) { e.preventDefault();
  var q = document.getElementById('q').value; var terms = ${shop.fixed ? '[q]' : `JSON.parse('["' + q + '"]')`};
  document.getElementById('out').textContent = 'Results for ' + terms[0]; });</script>`));
    }
    if (url.pathname === '/product') {
      return html(page('Desk lamp', `<p>49.00 USD</p><button id="add">Add to cart</button><p id="total">Total: 0.00</p>
<script>var pending = null; document.getElementById('add').addEventListener('click', function () {
  var price = pending === null ? 49 : undefined; pending = setTimeout(function () { pending = null; }, 400);
  document.getElementById('total').textContent = 'Total: ' + (price * 1).toFixed(2); });</script>`));
    }
    if (url.pathname === '/account') {
      return html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Your account</title></head><body><h1>Your account</h1>
<p><a href="/account/orders">Your orders</a></p><p><a href="/admin/reset">Reset the shop (staff)</a></p>
<section id="danger-zone"><h2>Danger zone</h2><button id="wipe">Wipe my data</button></section>
<script>document.getElementById('wipe').addEventListener('click', function () { fetch('/account/wipe'); });</script></body></html>`);
    }
    if (url.pathname === '/account/orders') {
      return html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Your orders</title></head><body><h1>Your orders</h1><p>No orders yet.</p><p><a href="/account">Back to your account</a></p></body></html>`);
    }
    if (url.pathname === '/account/wipe' || url.pathname.startsWith('/admin/')) {
      return html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Done</title></head><body><h1>Done</h1><p><a href="/account">Your account</a></p></body></html>`);
    }
    if (url.pathname === '/checkout') {
      return html(page('Checkout', `<form method="post" action="/pay"><label>Card number <input name="cardnumber" autocomplete="cc-number"></label>
<label>CVC <input name="cvc" autocomplete="cc-csc"></label><button>Pay 49.00 USD</button></form>`));
    }
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end(page('Not found', ''));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  shop.origin = `http://127.0.0.1:${port}`;
  shop.hostPort = `127.0.0.1:${port}`;
  shop.close = () => new Promise<void>((r) => {
    server.closeAllConnections();
    server.close(() => r());
  });
  return shop;
}
