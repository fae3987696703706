import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../html';
import { serverTexts } from '../../i18n';
import { stopReminders } from './service';

type StoppedTexts = { bookWaiting: { stoppedTitle: string; stoppedBody: string; toShop: string } };

/**
 * The one-click opt-out of the reminder e-mail (issue 18): the link's token is the account's, so
 * nobody needs to sign in; opening it again says the same. An unknown token is 404.
 */
export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stop',
    {
      schema: {
        tags: ['reminders'],
        summary: 'Stop the reminder e-mails of the account whose link this is (one click, no sign-in)',
        querystring: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'expected a link token') }),
      },
    },
    async (request, reply) => {
      const stopped = await stopReminders(app.database.db, request.query.token);
      if (!stopped) return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Unknown link.' } });
      const texts = serverTexts<StoppedTexts>('emails', stopped.language).bookWaiting;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(`<!doctype html><html lang="${escapeHtml(stopped.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(texts.stoppedTitle)}</title></head>
<body style="margin:0;background:#fff8ef;font-family:Nunito,Segoe UI,Helvetica,Arial,sans-serif;color:#2e2a4f">
<main style="max-width:520px;margin:0 auto;padding:48px 24px"><h1 style="font-size:28px">${escapeHtml(texts.stoppedTitle)}</h1>
<p style="font-size:17px;line-height:1.6">${escapeHtml(texts.stoppedBody)}</p>
<p><a href="/" style="color:#a33a24;font-weight:700">${escapeHtml(texts.toShop)}</a></p></main></body></html>`);
    },
  );
};
