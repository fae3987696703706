import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddressChangeSchema,
  OrderParamsSchema,
  OrderSchema,
  PaymentSessionSchema,
  ReviewRequestSchema,
  ReviewSchema,
} from '../../../shared/contracts/checkout';
import { ErrorResponseSchema } from '../../../shared/contracts/common';
import type { PaymentProvider } from '../../adapters/payments/index';
import { requireSignIn, signedIn } from '../../plugins/auth';
import { type KeptAnswers, sendKept } from '../auth/kept-answers';
import * as ordersService from './service';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  502: ErrorResponseSchema,
};

/**
 * The caller's orders: one order, starting (or retrying) its payment, its review, and in the grace
 * period after payment (issue 36) its cancellation or a new delivery address.
 */
export function orderRoutes(options: {
  payments: PaymentProvider;
  now?: () => Date;
  /** Kept answers (auth/kept-answers.ts): an order's page is read again and again after payment. */
  answers?: Pick<KeptAnswers, 'get'>;
}): FastifyPluginAsyncZod {
  const answers = options.answers ?? { get: (_user, _name, read) => read() };
  return async (app) => {
    app.addHook('onRequest', requireSignIn(app));
    const deps = (): ordersService.OrdersDeps => ({
      db: app.database.db,
      payments: options.payments,
      publicUrl: app.config.publicUrl,
      now: options.now ?? (() => new Date()),
      log: app.log,
    });

    app.get(
      '/:orderId',
      {
        schema: {
          tags: ['orders'],
          summary: 'One of the caller’s orders',
          params: OrderParamsSchema,
          response: { 200: OrderSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = signedIn(request);
        // The payment page's session id comes back on the confirmation URL; it is only logged.
        const sessionId = (request.query as { session_id?: unknown } | undefined)?.session_id;
        if (typeof sessionId === 'string') request.log.info({ sessionId }, 'back from the payment page');
        const { orderId } = request.params;
        // Kept until anything it shows changes (a payment, the printer, a refund, the book's names).
        return sendKept(answers, reply, { userId: user.id, name: `order:${orderId}` }, () =>
          ordersService.getOrder(app.database.db, user.id, orderId),
        );
      },
    );

    app.get(
      '/:orderId/receipt',
      {
        schema: {
          tags: ['orders'],
          summary: 'The receipt of one of the caller’s paid orders, as a PDF in the order’s language',
          params: OrderParamsSchema,
        },
      },
      async (request, reply) => {
        const user = signedIn(request);
        const receipt = await ordersService.receiptOfOrder(
          app.database.db,
          user.id,
          request.params.orderId,
          app.config.seller,
        );
        return reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `inline; filename="${receipt.fileName}"`)
          .send(Buffer.from(receipt.pdf));
      },
    );

    app.post(
      '/:orderId/payment',
      {
        // Sensitive: a payment opens only for a session the database still holds (decision 016).
        config: { freshSession: true },
        schema: {
          tags: ['orders'],
          summary: 'Start a payment for an unpaid order (also the retry); answers the payment page URL',
          params: OrderParamsSchema,
          response: { 200: PaymentSessionSchema, ...errors },
        },
      },
      async (request) => {
        const user = signedIn(request);
        return ordersService.startPayment(deps(), user.id, request.params.orderId);
      },
    );

    app.post(
      '/:orderId/cancel',
      {
        // Sensitive: money goes back, so only for a session the database still holds (decision 016).
        config: { freshSession: true },
        schema: {
          tags: ['orders'],
          summary: 'Cancel a paid order in its grace period before print; what was paid is refunded in full',
          params: OrderParamsSchema,
          response: { 200: OrderSchema, ...errors },
        },
      },
      async (request) => {
        const user = signedIn(request);
        return ordersService.cancelInGrace(deps(), user, request.params.orderId);
      },
    );

    app.put(
      '/:orderId/address',
      {
        config: { freshSession: true },
        schema: {
          tags: ['orders'],
          summary: 'Change the delivery address of a paid order in its grace period (the country stays)',
          params: OrderParamsSchema,
          body: AddressChangeSchema,
          response: { 200: OrderSchema, ...errors },
        },
      },
      async (request) => {
        const user = signedIn(request);
        return ordersService.changeAddressInGrace(deps(), user, request.params.orderId, request.body);
      },
    );

    app.post(
      '/:orderId/review',
      {
        schema: {
          tags: ['orders'],
          summary: 'Review a delivered order (one review per order)',
          params: OrderParamsSchema,
          body: ReviewRequestSchema,
          response: { 201: ReviewSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = signedIn(request);
        const review = await ordersService.addReview(
          app.database.db,
          user.id,
          request.params.orderId,
          request.body,
        );
        return reply.code(201).send(review);
      },
    );
  };
}
