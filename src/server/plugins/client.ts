import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorResponse } from '../../shared/contracts/common';
import { isAdminRoute, isClientRoute } from '../../shared/routes';

/**
 * Serves the built client. Hashed assets are cached for a year; `index.html` is never cached and is
 * the answer for every screen path, with status 404 for a path that is no screen (the client then
 * shows its 'page not found'). Unknown `/api/*` paths get a JSON 404.
 */
export type ClientOptions = {
  clientDir: string;
  /** Attributes set on the page's `<html>` element for one request (escaped here). */
  htmlAttributes?: (request: FastifyRequest) => Record<string, string>;
  /** Whether the caller is an operator: only then are the /admin screens there (else 404). */
  isOperator?: (request: FastifyRequest) => Promise<boolean>;
};

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export const clientPlugin = fp(async (app: FastifyInstance, options: ClientOptions) => {
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

  app.setNotFoundHandler(async (request, reply) => {
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
    const operatorScreen =
      isAdminRoute(pathname) && options.isOperator ? await options.isOperator(request) : false;
    const status = isClientRoute(pathname) || operatorScreen ? 200 : 404;
    const attributes = Object.entries(options.htmlAttributes?.(request) ?? {});
    if (attributes.length === 0)
      return reply
        .status(status)
        .header('cache-control', 'no-cache')
        .sendFile('index.html', { cacheControl: false });
    const html = (await fsp.readFile(indexFile, 'utf8')).replace(
      /<html\b/,
      `<html${attributes.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('')}`,
    );
    return reply
      .status(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });
});
