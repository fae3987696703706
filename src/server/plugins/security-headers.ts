import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** Headers of any response that are not security headers (the probe's own). */
const NOT_SECURITY = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The security headers helmet sets with these options, worked out once: a probe app with
 * `@fastify/helmet` answers one request and its headers are kept. They are the same for every
 * response (no nonces), so the shop sets the kept object on each reply instead of running
 * helmet's middleware per request (issue 19: that cost a third of a cheap route's throughput).
 */
async function securityHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(fastifyHelmet, options);
  probe.get('/', async () => 'probe');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return Object.fromEntries(
    Object.entries(response.headers)
      .filter(([name, value]) => !NOT_SECURITY.has(name) && typeof value === 'string')
      .map(([name, value]) => [name, value as string]),
  );
}

/** Sets the headers worked out by `securityHeaders` on every response of the app. */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions) {
  const headers = await securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
