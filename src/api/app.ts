// The Fastify application as a plugin-built instance: error model, idempotency, the /api/v1
// routes, OpenAPI and its docs, and the HTML pages at the host root. server.ts only listens.
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Runtime } from '../runtime.js';
import { errorHandler, routerRefusal } from './plugins/error-handler.js';
import { schemaController } from './validation.js';
import { idempotency } from './plugins/idempotency.js';
import { BEARER_SCHEME, bearerAuth, describeRouteAuth } from './plugins/auth.js';
import workspaceRoutes from './routes/workspaces/index.js';
import subscriptionRoutes from './routes/report-emails/index.js';
import billingRoutes from './routes/billing/index.js';
import { ErrorBody } from './schemas.js';
import auditRoutes from './routes/audits/index.js';
import eventRoutes from './routes/audits/events.js';
import reportRoutes from './routes/reports/index.js';
import flowRoutes from './routes/flows/index.js';
import monitorRoutes from './routes/monitors/index.js';
import hookRoutes from './routes/hooks/index.js';
import gremlinRoutes from './routes/gremlin/index.js';
import integrationRoutes from './routes/integrations/index.js';
import appModelRoutes from './routes/app-models/index.js';
import schemaRoutes from './routes/schemas/index.js';
import healthRoutes from './routes/health/index.js';
import metricsRoutes from './routes/metrics/index.js';
import docsPages from './pages/docs.js';
import sitePages from './pages/site.js';
import appPages from './pages/app.js';

export const API_PREFIX = '/api/v1';
export const API_VERSION = '1.0.0';

export async function buildApp(rt: Runtime, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    loggerInstance: (opts.logger === false ? undefined : rt.log) as FastifyBaseLogger | undefined,
    bodyLimit: 1024 * 1024,
    trustProxy: rt.config.trustProxy,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
    schemaController, // bodies are validated without coercion (see validation.ts)
    // Path parameters up to 256 characters reach the routes (whose schemas say what is valid); the
    // router's own refusals (longer ones, malformed percent-escapes) still answer {code, hint}.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 256 },
    frameworkErrors: routerRefusal,
    // One access-log line per request, written when it completes (below), instead of two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onResponse', async (req, reply) => {
    req.log.info({ req, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime * 10) / 10 }, 'request completed');
  });
  app.addSchema(ErrorBody);
  // JSON (and form-encoded where a route says so) only: a text body is a client mistake, 415.
  app.removeContentTypeParser('text/plain');
  await app.register(errorHandler);
  await app.register(formbody);
  // Each route's `config.auth` becomes its OpenAPI `security` (the auth plugin enforces it).
  app.addHook('onRoute', describeRouteAuth);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'siteqa HTTP API', version: API_VERSION, description: 'Website QA as a service. Every error is {code, hint, docs?}; see /docs/errors.' },
      servers: [{ url: rt.config.publicBaseUrl }],
      tags: [{ name: 'audits' }, { name: 'reports' }, { name: 'flows' }, { name: 'monitors' }, { name: 'chaos' }, { name: 'app models' }, { name: 'workspaces' }, { name: 'billing' }, { name: 'schemas' }, { name: 'health' }],
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', description: 'A workspace API key (sqa_live_…), returned once by POST /api/v1/workspaces.' },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });
  await app.register(
    async (api) => {
      await api.register(bearerAuth, { rt });
      await api.register(idempotency, { rt });
      await api.register(workspaceRoutes, { rt });
      await api.register(billingRoutes, { rt });
      await api.register(subscriptionRoutes, { rt });
      await api.register(auditRoutes, { rt });
      await api.register(eventRoutes, { rt });
      await api.register(reportRoutes, { rt });
      await api.register(flowRoutes, { rt });
      await api.register(monitorRoutes, { rt });
      await api.register(hookRoutes, { rt });
      await api.register(gremlinRoutes, { rt });
      await api.register(integrationRoutes, { rt });
      await api.register(appModelRoutes, { rt });
      await api.register(schemaRoutes);
      await api.register(healthRoutes, { rt });
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );
  await app.register(docsPages);
  await app.register(sitePages, { rt });
  await app.register(appPages);
  await app.register(metricsRoutes, { rt });
  return app;
}
