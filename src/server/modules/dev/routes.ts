import type { FastifyPluginAsync } from 'fastify';
import { readOutbox } from '../../adapters/mail/outbox';
import { escapeHtml } from '../../html';

const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * Development only (never registered in production): the e-mails the outbox mailer wrote, so a
 * developer or an end-to-end test can follow a confirmation or reset link.
 */
export function devRoutes(outboxDir: string): FastifyPluginAsync {
  return async (app) => {
    app.get('/api/dev/outbox', { schema: { hide: true } }, async () => ({
      messages: await readOutbox(outboxDir),
    }));

    app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
      const messages = await readOutbox(outboxDir);
      const items = messages
        .map(
          (message) => `<article>
  <h2>${escapeHtml(message.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(message.to)}</strong> · ${escapeHtml(message.createdAt)} · <code>${escapeHtml(message.id)}.eml</code></p>
  <pre>${linkify(message.text)}</pre>
</article>`,
        )
        .join('\n');
      return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · development</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#2e2a4f;background:#fff8ef}
article{background:#fff;border:1px solid #eadfce;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}
h2{margin:0 0 .25rem;font-size:1.1rem}.meta{color:#5b5775;font-size:.85rem}pre{white-space:pre-wrap;font-family:inherit}a{color:#a43a24}</style>
</head><body><h1>Outbox</h1><p>E-mails the shop would have sent, newest first (files in <code>DATA_DIR/outbox</code>).</p>
${items || '<p>No e-mail yet.</p>'}
</body></html>`);
    });
  };
}
