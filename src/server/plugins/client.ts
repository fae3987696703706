import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorResponse } from '../../shared/contracts/common';
import { isClientRoute } from '../../shared/routes';

/**
 * Serves the built client. Hashed assets are cached for a year; `index.html` is never cached and is
 * the answer for every screen path, with status 404 for a path that is no screen (the client then
 * shows its 'page not found'). Unknown `/api/*` paths get a JSON 404.
 */
export const clientPlugin = fp(async (app: FastifyInstance, options: { clientDir: string }) => {
  const indexFile = path.join(options.clientDir, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  if (!hasClient) app.log.warn({ clientDir: options.clientDir }, 'client not built: run `npm run build`');

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      wildcard: false,
      index: false,
      // @fastify/static 10 hands the Fastify reply here, not the raw response.
      setHeaders: ((reply: { header(name: string, value: string): unknown }, filePath: string) => {
        if (filePath.endsWith('index.html')) return;
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      }) as never,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (
      pathname === '/api' ||
      pathname.startsWith('/api/') ||
      !hasClient ||
      !['GET', 'HEAD'].includes(request.method)
    ) {
      const body: ErrorResponse = {
        error: { code: 'NOT_FOUND', message: `Route ${request.method} ${pathname} not found` },
      };
      return reply.status(404).send(body);
    }
    return reply
      .status(isClientRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .sendFile('index.html', { cacheControl: false });
  });
});
