// A small shop application served on loopback for flow and chaos tests, built the way such apps are:
// a session cookie after a login form, a search, product pages whose "Add to cart" posts with fetch,
// a contact form with a select and a checkbox. `variant` changes the page between runs the way a
// deploy would (a renamed button, two buttons swapped). Every request is recorded in `hits`.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ShopVariant = 'normal' | 'renamed' | 'swapped';

export interface ShopApp {
  origin: string;
  hostPort: string;
  hits: { method: string; path: string; body: string }[];
  variant: ShopVariant;
  close(): Promise<void>;
}

export const SHOP_USER = 'alice@shop.test';
export const SHOP_PASSWORD = 'correct-horse-battery';

const page = (title: string, body: string, signedIn: string | null) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${title} · Loopback Shop</title>
<style>body{font-family:sans-serif;margin:2rem}nav a{margin-right:1rem}.row{display:flex;gap:1rem}</style></head>
<body><header><nav aria-label="Main"><a href="/">Home</a><a href="/products/1">Lamp</a><a href="/contact">Contact</a>
${signedIn ? `<span>Signed in as ${signedIn}</span> <a href="/account">Account</a>` : '<a href="/login">Sign in</a>'}</nav></header>
<main><h1>${title}</h1>${body}</main></body></html>`;

export async function startShopApp(): Promise<ShopApp> {
  const sessions = new Map<string, string>();
  const app: ShopApp = { origin: '', hostPort: '', hits: [], variant: 'normal', close: async () => {} };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      app.hits.push({ method: req.method ?? 'GET', path: req.url ?? '/', body });
      handle(req, res, body);
    });
  });
  const user = (req: IncomingMessage) => sessions.get(/sid=([a-z0-9]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '') ?? null;
  const html = (res: ServerResponse, status: number, s: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
    res.end(s);
  };
  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const who = user(req);
    if (url.pathname === '/') {
      return html(res, 200, page('Welcome', `<form role="search" action="/search"><label for="q">Search products</label>
<input id="q" name="q" type="search"><button type="submit">Search</button></form><p><a href="/products/1">Desk lamp</a></p>`, who));
    }
    if (url.pathname === '/search') {
      const q = url.searchParams.get('q') ?? '';
      const found = /lamp/i.test(q);
      return html(res, 200, page('Search results', found ? '<ul><li><a href="/products/1">Desk lamp</a></li></ul>' : `<p>No results for ${q.replace(/[<>&"]/g, '')}</p>`, who));
    }
    if (url.pathname === '/login' && req.method === 'GET') {
      return html(res, 200, page('Sign in', `<form method="post" action="/login" aria-label="Sign in"><p><label>Email <input name="email" type="email" autocomplete="username"></label></p>
<p><label>Password <input name="password" type="password" autocomplete="current-password"></label></p><button type="submit">Sign in</button></form>`, who));
    }
    if (url.pathname === '/login' && req.method === 'POST') {
      const form = new URLSearchParams(body);
      if (form.get('email') === SHOP_USER && form.get('password') === SHOP_PASSWORD) {
        const sid = Math.random().toString(36).slice(2);
        sessions.set(sid, SHOP_USER);
        res.writeHead(303, { location: '/account', 'set-cookie': `sid=${sid}; Path=/; HttpOnly; SameSite=Lax` });
        return res.end();
      }
      return html(res, 401, page('Sign in', '<p role="alert">Invalid email or password.</p><p><a href="/login">Try again</a></p>', null));
    }
    if (url.pathname === '/account') {
      if (!who) {
        res.writeHead(303, { location: '/login' });
        return res.end();
      }
      return html(res, 200, page('Your account', `<p>Welcome back, ${who}.</p><p>Orders: none yet.</p>`, who));
    }
    if (url.pathname === '/products/1') {
      const cart = '<button type="button" id="primary" onclick="post(\'/cart\')">Add to cart</button>';
      const wish = '<button type="button" id="secondary" onclick="post(\'/wishlist\')">Add to wishlist</button>';
      const buttons = app.variant === 'renamed'
        ? cart.replace('Add to cart', 'Buy now').replace("'/cart'", "'/buy'") + wish
        : app.variant === 'swapped' ? wish.replace('id="secondary"', 'id="primary"') + cart.replace('id="primary"', 'id="secondary"') : cart + wish;
      return html(res, 200, page('Desk lamp', `<p>A lamp for your desk. 49.00 USD</p><div class="row">${buttons}</div><p id="status" role="status"></p>
<script>function post(path){fetch(path,{method:'POST',body:'{"sku":"lamp-1"}',headers:{'content-type':'application/json'}}).then(function(r){return r.json()}).then(function(d){document.getElementById('status').textContent=d.message})}</script>`, who));
    }
    if (['/cart', '/wishlist', '/buy'].includes(url.pathname) && req.method === 'POST') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ message: url.pathname === '/wishlist' ? 'Saved to your wishlist' : 'Added to cart (1 item)' }));
    }
    if (url.pathname === '/contact' && req.method === 'GET') {
      return html(res, 200, page('Contact us', `<form method="post" action="/contact" aria-label="Contact"><p><label>Your name <input name="name"></label></p>
<p><label for="topic">Topic</label> <select id="topic" name="topic"><option>General</option><option>Returns</option><option>Billing</option></select></p>
<p><label><input type="checkbox" name="newsletter"> Send me the newsletter</label></p>
<p><label>Message <textarea name="message"></textarea></label></p><button type="submit">Send message</button></form>`, who));
    }
    if (url.pathname === '/contact' && req.method === 'POST') {
      const form = new URLSearchParams(body);
      return html(res, 200, page('Thank you', `<p>Thanks, ${(form.get('name') ?? '').replace(/[<>&"]/g, '')}. Topic: ${form.get('topic')}. Newsletter: ${form.get('newsletter') ? 'yes' : 'no'}.</p>`, who));
    }
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204);
      return res.end();
    }
    return html(res, 404, page('Not found', '<p>No such page.</p>', who));
  };
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  app.origin = `http://127.0.0.1:${port}`;
  app.hostPort = `127.0.0.1:${port}`;
  app.close = () => new Promise<void>((r) => {
    server.closeAllConnections();
    server.close(() => r());
  });
  return app;
}
