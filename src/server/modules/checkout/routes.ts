import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BookInstanceLookupSchema,
  BookInstanceParamsSchema,
  CheckoutContextSchema,
  DevToolsStatusSchema,
  OrderRequestSchema,
  OrderSchema,
  RecentBookInstancesSchema,
} from '../../../shared/contracts/checkout';
import { ErrorResponseSchema } from '../../../shared/contracts/common';
import type { PaymentProvider } from '../../adapters/payments/index';
import { requireSignIn, signedIn } from '../../plugins/auth';
import * as checkout from './service';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  422: ErrorResponseSchema,
};

/** The checkout of a finished wizard: its context, the order it makes, and the cover preview. */
export function checkoutRoutes(options: {
  payments: PaymentProvider;
  now?: () => Date;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // The checkout needs an account: one hook for every route of this prefix.
    app.addHook('onRequest', requireSignIn(app));
    const deps = (): checkout.CheckoutDeps => ({
      db: app.database.db,
      storage: app.storage,
      tax: { overrideBasisPoints: app.config.taxRateOverrideBasisPoints },
      now: options.now ?? (() => new Date()),
      payments: options.payments,
      log: app.log,
    });

    app.get(
      '/checkout/:bookInstanceId',
      {
        schema: {
          tags: ['checkout'],
          summary: 'The checkout of one of the caller’s books: the book, prices and any unpaid order',
          params: BookInstanceParamsSchema,
          response: { 200: CheckoutContextSchema, ...errors },
        },
      },
      async (request) => checkout.checkoutContext(deps(), signedIn(request), request.params.bookInstanceId),
    );

    app.put(
      '/checkout/:bookInstanceId/order',
      {
        schema: {
          tags: ['checkout'],
          summary:
            'Create the pending order of a book, or update its unpaid one; the server computes every amount',
          params: BookInstanceParamsSchema,
          body: OrderRequestSchema,
          response: { 200: OrderSchema, ...errors },
        },
      },
      async (request) => {
        const buyer = signedIn(request);
        // The body was parsed by the route's schema (unknown keys, such as amounts, are dropped).
        return checkout.saveOrder(deps(), buyer, request.params.bookInstanceId, request.body);
      },
    );

    app.get(
      '/book-instances/:bookInstanceId/cover',
      {
        schema: {
          tags: ['checkout'],
          summary: 'The hero cover of one of the caller’s books (the checkout preview)',
          params: BookInstanceParamsSchema,
        },
      },
      async (request, reply) => {
        const image = await checkout.readCover(deps(), signedIn(request), request.params.bookInstanceId);
        return reply
          .type(image.contentType ?? 'image/png')
          .header('cache-control', 'private, max-age=3600')
          .send(image.data);
      },
    );
  };
}

/** The checkout test page's lookups (docs/spec.md: open to anyone); registered only in a demo shop. */
export const checkoutTestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/status',
    {
      schema: {
        tags: ['development'],
        summary: 'Whether the checkout test page works here (a demo shop only; 404 in a live shop)',
        response: { 200: DevToolsStatusSchema },
      },
    },
    async () => ({ checkoutTest: true as const }),
  );
  app.get(
    '/book-instances/recent',
    {
      schema: {
        tags: ['development'],
        summary: 'The five newest book instances (checkout test page; a demo shop only)',
        response: { 200: RecentBookInstancesSchema },
      },
    },
    async () => ({ instances: await checkout.recentInstances(app.database.db) }),
  );
  app.get(
    '/book-instances/:bookInstanceId',
    {
      schema: {
        tags: ['development'],
        summary: 'Whether a book instance exists (checkout test page; a demo shop only)',
        params: BookInstanceParamsSchema,
        response: { 200: BookInstanceLookupSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => checkout.lookupInstance(app.database.db, request.params.bookInstanceId),
  );
};
