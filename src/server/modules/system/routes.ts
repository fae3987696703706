import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '../../../shared/contracts/common';
import { HealthSchema, ReadySchema } from '../../../shared/contracts/health';
import { publicApiDescription } from '../../api-description';
import { AppError } from '../../errors';

/** Liveness, readiness and the API's own description. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  // Probed many times a minute by load balancers and monitors: no compression (a few bytes), no log
  // line, and JSON.stringify instead of the zod serializer (issue 19).
  const health = HealthSchema.parse({ status: 'ok', uptimeSeconds: 0 });
  app.get(
    '/health',
    {
      compress: false,
      decompress: false,
      config: { logRequest: false },
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ['system'],
        summary: 'The process is alive',
        response: { 200: HealthSchema },
      },
    },
    async () => ({ ...health, uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'The database answers',
        response: { 200: ReadySchema, 503: ErrorResponseSchema },
      },
    },
    async (request) => {
      const started = performance.now();
      try {
        await app.database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'database ping failed');
        throw new AppError('SERVICE_UNAVAILABLE', 'The database does not answer.', { cause: error });
      }
      return {
        status: 'ready' as const,
        database: {
          driver: app.database.driver,
          latencyMs: Math.round((performance.now() - started) * 100) / 100,
        },
      };
    },
  );

  // Without the operator console's routes (api-description.ts).
  app.get('/openapi.json', { schema: { hide: true } }, async () => publicApiDescription(app.swagger()));
};
