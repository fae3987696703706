import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../shared/contracts/common';
import type { PaymentProvider } from '../../adapters/payments/index';
import * as payments from './service';

/**
 * The payment provider's notifications. The body is kept as the raw text it arrived as, because
 * the signature is over those exact bytes; Stripe and the local payment page both land here.
 */
export function paymentRoutes(options: {
  payments: PaymentProvider;
  now?: () => Date;
  printGraceMinutes: number;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_request, body, done) => done(null, body),
    );
    const deps = (): payments.PaymentsDeps => ({
      db: app.database.db,
      webhookSecret: options.payments.webhookSecret,
      now: options.now ?? (() => new Date()),
      log: app.log,
      paymentMethodOf: (event) => options.payments.paymentMethodOf?.(event) ?? Promise.resolve(null),
      printGraceMinutes: options.printGraceMinutes,
    });

    app.post(
      '/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: 'Signed payment notifications (Stripe-Signature header, raw JSON body)',
          response: {
            200: z.object({ received: z.literal(true), outcome: z.string() }),
            400: ErrorResponseSchema,
          },
        },
      },
      async (request) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers['stripe-signature'];
        const event = payments.readEvent(deps(), raw, Array.isArray(signature) ? signature[0] : signature);
        const outcome = await payments.applyEvent(deps(), event);
        return { received: true as const, outcome };
      },
    );
  };
}
