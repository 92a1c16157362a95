// Demo: serves the loopback shop and a siteqa service, runs a flow through the API, prints the
// report URL and keeps serving until killed (for looking at the report in a browser).
import { setTier } from '../src/workspaces/service.js';
import { readEvents, startTestService } from '../test/support/service.js';
import { SHOP_PASSWORD, SHOP_USER, startShopApp } from '../test/support/shop-app.js';
import { call, newWorkspace } from '../test/workspaces/helpers.js';

const shop = await startShopApp();
if (process.argv.includes('--renamed')) shop.variant = 'renamed';
const svc = await startTestService({ QA_URL_ALLOWLIST: shop.hostPort, QA_WORKSPACE_RATE_LIMIT: '1000', QA_JOB_POLL_MS: '0' });
const ws = await newWorkspace(svc.base);
await setTier(svc.rt, ws.id, 'pro');
const key = ws.key;
const flow = await call(svc.base, 'POST', '/flows', { key, body: { url: `${shop.origin}/`, name: 'Sign in and buy a lamp', test_case: [
  'go to /login', 'fill "Email" with "{{EMAIL}}"', 'fill "Password" with "{{PASSWORD}}"', 'click "Sign in"', 'expect text "Welcome back"',
  'click "Lamp"', 'click "Add to cart"', 'wait for "Added to cart"', 'go to /contact', 'fill "Your name" with "Ada"', 'select "Returns" from "Topic"', 'click "Send message"', 'expect text "Thanks, Ada"',
].join('\n') } });
await call(svc.base, 'POST', `/flows/${flow.json.flow_id}/confirm`, { key });
await call(svc.base, 'PUT', `/flows/${flow.json.flow_id}/credentials`, { key, body: { credentials: { EMAIL: SHOP_USER, PASSWORD: SHOP_PASSWORD } } });
const run = await call(svc.base, 'POST', `/flows/${flow.json.flow_id}/run`, { key, body: {} });
await readEvents(`${svc.base}${run.json.events_url}`);
console.log(`${svc.base}${run.json.report_url}`);
