// The dashboard page `/app` (host root, not under /api/v1) with the strict CSP of every page; the
// Slack callback redirects here with its outcome word.
import type { FastifyInstance } from 'fastify';
import { PAGE_CSP } from '../../html/chrome.js';
import { renderAppHtml, slackOutcomeOf } from '../../web/app/page.js';

const HEADERS = {
  'content-security-policy': PAGE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'x-robots-tag': 'noindex, nofollow',
  'cache-control': 'no-store',
};

export default async function appPages(app: FastifyInstance) {
  app.get('/app', { schema: { hide: true } }, async (req, reply) => {
    const slack = slackOutcomeOf((req.query as Record<string, unknown>).slack);
    return reply.code(200).headers(HEADERS).type('text/html; charset=utf-8').send(renderAppHtml({ apiBase: '/api/v1', slack }));
  });
}
