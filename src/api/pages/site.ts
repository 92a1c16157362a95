// The HTML pages at the host root: the landing page `/`, the shareable report `/r/<token>`
// (unlisted, noindex), and the static scripts they load. Each page is sent with a strict CSP.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { renderReportHtml } from '../../report/html.js';
import type { Report } from '../../report/build.js';
import { reportBody } from '../../runs/reports.js';
import { eventsUrlFor } from '../../runs/share-token.js';
import type { Runtime } from '../../runtime.js';
import { WEB_ASSETS } from './assets.js';
import { PAGE_CSP } from '../../html/chrome.js';
import { renderLandingHtml, renderNotFoundHtml } from '../../web/landing.js';
import { DOCS_CSS } from './docs.js';

const SECURITY_HEADERS = {
  'content-security-policy': PAGE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

function html(reply: FastifyReply, status: number, body: string, extra: Record<string, string> = {}) {
  return reply.code(status).headers({ ...SECURITY_HEADERS, ...extra }).type('text/html; charset=utf-8').send(body);
}

export default async function sitePages(app: FastifyInstance, { rt }: { rt: Runtime }) {
  const landing = renderLandingHtml({ apiBase: '/api/v1' });
  app.get('/', { schema: { hide: true } }, async (_req, reply) => html(reply, 200, landing));

  app.get('/r/:share_token', { schema: { hide: true } }, async (req, reply) => {
    const { share_token } = req.params as { share_token: string };
    const noindex = { 'x-robots-tag': 'noindex, nofollow', 'cache-control': 'no-store' };
    const run = await rt.store.runs.getByShareToken(share_token); // the router bounds its length
    if (!run) return html(reply, 404, renderNotFoundHtml(), noindex);
    const report = JSON.parse(await reportBody(rt, run)) as Report;
    return html(reply, 200, renderReportHtml(report, { eventsUrl: eventsUrlFor(run.id), docsBase: '', imageBase: `/r/${share_token}/images/` }), noindex);
  });

  // The run's images (step screenshots), under the same share-link authorization as the report.
  app.get('/r/:share_token/images/:image_id', { schema: { hide: true } }, async (req, reply) => {
    const { share_token, image_id } = req.params as { share_token: string; image_id: string };
    const noindex = { 'x-robots-tag': 'noindex, nofollow', 'cache-control': 'private, max-age=3600' };
    const run = await rt.store.runs.getByShareToken(share_token);
    const image = run && /^img-\d{1,6}$/.test(image_id) ? await rt.store.evidenceImages.get(run.id, image_id) : undefined;
    if (!image) return html(reply, 404, renderNotFoundHtml(), noindex);
    return reply.headers({ ...noindex, 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'" }).type(image.content_type).send(image.data);
  });

  for (const [path, asset] of Object.entries(WEB_ASSETS)) {
    app.get(path, { schema: { hide: true } }, async (_req, reply) =>
      reply.headers({ 'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=300' }).type(asset.contentType).send(asset.body),
    );
  }
  app.get('/assets/docs.css', { schema: { hide: true } }, async (_req, reply) =>
    reply.headers({ 'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=300' }).type('text/css; charset=utf-8').send(DOCS_CSS),
  );
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) => reply.type('text/plain').send('User-agent: *\nDisallow: /r/\nDisallow: /api/\n'));
}
