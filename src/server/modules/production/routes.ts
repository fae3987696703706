import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../shared/contracts/common';
import { requireSignIn, signedIn } from '../../plugins/auth';
import { retryBookGeneration } from './service';

// docs/spec.md `retry-book-generation` {bookInstanceId} -> {success, message}. (The contract belongs in
// src/shared/contracts once the profile's client calls it.)
const RetryParamsSchema = z.object({ bookInstanceId: z.uuid() });
const RetryResponseSchema = z.object({ success: z.boolean(), message: z.string() });

/** The production of the caller's books: retrying one whose production failed. */
export const productionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireSignIn(app));
  app.post(
    '/:bookInstanceId/retry',
    {
      schema: {
        tags: ['production'],
        summary:
          'Restart the production of an archived book where it stopped (docs/spec.md retry-book-generation)',
        params: RetryParamsSchema,
        response: {
          200: RetryResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = signedIn(request);
      return retryBookGeneration(app.database.db, user.id, request.params.bookInstanceId);
    },
  );
};
