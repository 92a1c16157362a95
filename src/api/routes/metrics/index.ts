// GET /metrics at the host root: Prometheus text. Scrape it from inside the private network; the
// figures are counts only, but the endpoint is not meant to face the internet (docs/deploy.md).
import type { FastifyInstance } from 'fastify';
import { collectMetrics } from '../../../metrics/collect.js';
import { PROMETHEUS_CONTENT_TYPE, renderMetrics } from '../../../metrics/prometheus.js';
import type { Runtime } from '../../../runtime.js';

export default async function metricsRoutes(app: FastifyInstance, { rt }: { rt: Runtime }) {
  app.get('/metrics', { schema: { hide: true } }, async (_req, reply) => {
    const text = renderMetrics(await collectMetrics(rt));
    return reply.type(PROMETHEUS_CONTENT_TYPE).header('cache-control', 'no-store').send(text);
  });
}
