import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../shared/contracts/common';
import { applyLuluNotification, type LuluWebhookDeps, readLuluNotification } from './lulu-webhook';

/**
 * The print-on-demand service's notifications (Lulu's PRINT_JOB_STATUS_CHANGED webhook). The body
 * is kept as the raw text it arrived as, because the signature is over those exact bytes.
 */
export function printerRoutes(options: {
  webhookSecret: string;
  deliveredAfterDays: number;
  publicUrl: string;
  /** The shop's address for print problems (LULU_CONTACT_EMAIL). */
  alertEmail?: string;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const asText = (_request: unknown, body: string, done: (error: null, body: string) => void) =>
      done(null, body);
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, asText);
    // Whatever content type Lulu declares, the signature is checked on the bytes.
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 * 1024 }, asText);
    const deps = (): LuluWebhookDeps => ({
      db: app.database.db,
      secret: options.webhookSecret,
      deliveredAfterDays: options.deliveredAfterDays,
      publicUrl: options.publicUrl,
      alertEmail: options.alertEmail,
      log: app.log,
    });

    app.post(
      '/webhook',
      {
        schema: {
          tags: ['printer'],
          summary: 'Signed print job notifications from Lulu (Lulu-HMAC-SHA256 header, raw JSON body)',
          response: {
            200: z.object({ received: z.literal(true), outcome: z.string() }),
            400: ErrorResponseSchema,
          },
        },
      },
      async (request) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const header = request.headers['lulu-hmac-sha256'];
        const notification = readLuluNotification(deps(), raw, Array.isArray(header) ? header[0] : header);
        const outcome = await applyLuluNotification(deps(), notification);
        return { received: true as const, outcome };
      },
    );
  };
}
