import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PriceListSchema,
  ThemeListQuerySchema,
  ThemeListSchema,
  ThemeParamsSchema,
  ThemeReviewListSchema,
  ThemeSchema,
} from '../../../shared/contracts/catalog';
import { ErrorResponseSchema } from '../../../shared/contracts/common';
import { themeReviews } from '../reviews/service';
import { catalogJson, getTheme } from './service';

/** The public catalogue: themes and prices, read from the database. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public, rarely changing data: let browsers and proxies keep it for a minute.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (reply.statusCode === 200) reply.header('cache-control', 'public, max-age=60');
    done(null, payload);
  });
  const json = (text: string) => (reply: FastifyReply) =>
    reply.type('application/json; charset=utf-8').send(text);

  app.get(
    '/themes',
    {
      // A GET has no body to decompress (issue 19: the hook ran on every request).
      decompress: false,
      schema: {
        tags: ['catalog'],
        summary: 'Themes offering a book type (colouring is read as coloring)',
        querystring: ThemeListQuerySchema,
        response: { 200: ThemeListSchema },
      },
    },
    async (request, reply) =>
      json(await catalogJson(app.database.db, { kind: 'themes', type: request.query.type }))(reply),
  );

  app.get(
    '/themes/:themeId',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One theme',
        params: ThemeParamsSchema,
        querystring: ThemeListQuerySchema,
        response: { 200: ThemeSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => getTheme(app.database.db, request.params.themeId, request.query.type),
  );

  app.get(
    '/themes/:themeId/reviews',
    {
      schema: {
        tags: ['catalog'],
        summary: 'What parents said about a theme: approved reviews of delivered orders only',
        params: ThemeParamsSchema,
        response: { 200: ThemeReviewListSchema },
      },
    },
    async (request) => ({ reviews: await themeReviews(app.database.db, request.params.themeId) }),
  );

  app.get(
    '/prices',
    {
      schema: { tags: ['catalog'], summary: 'Active prices in cents', response: { 200: PriceListSchema } },
    },
    async (_request, reply) => json(await catalogJson(app.database.db, { kind: 'prices' }))(reply),
  );
};
