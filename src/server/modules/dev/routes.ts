import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { readOutbox } from '../../adapters/mail/outbox';
import { AppError } from '../../errors';
import { escapeHtml } from '../../html';

const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** Where the outbox is read in a demo shop: the page, and its JSON for end-to-end tests. */
export const OUTBOX_PAGE = '/dev/outbox';

/**
 * Whether a request comes from the machine the shop runs on: from a loopback address, and not
 * relayed by a proxy on this machine the shop was not told about (TRUST_PROXY unset: a request
 * that names a client in a forwarding header came from somewhere else).
 */
export function fromThisMachine(request: FastifyRequest, trustsProxy: boolean): boolean {
  if (!LOOPBACK.test(request.ip)) return false;
  return trustsProxy || FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

/**
 * A demo shop only (never registered with SMTP, so never in a live shop): the e-mails the outbox
 * mailer wrote, readable from the shop's own machine, so a newcomer can follow a confirmation link
 * and an end-to-end test can read it. Anyone else gets 404, as if the page did not exist.
 */
export function devRoutes(outboxDir: string, options: { trustsProxy: boolean }): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      if (!fromThisMachine(request, options.trustsProxy))
        throw new AppError('NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`);
    });

    app.get(`/api${OUTBOX_PAGE}`, { schema: { hide: true } }, async () => ({
      messages: await readOutbox(outboxDir),
    }));

    app.get(OUTBOX_PAGE, { schema: { hide: true } }, async (_request, reply) => {
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
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · demo shop</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#2e2a4f;background:#fff8ef}
article{background:#fff;border:1px solid #eadfce;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}
h2{margin:0 0 .25rem;font-size:1.1rem}.meta{color:#5b5775;font-size:.85rem}pre{white-space:pre-wrap;font-family:inherit}a{color:#a43a24;overflow-wrap:anywhere}</style>
</head><body><h1>Outbox</h1><p>This is a demo shop: it sends no real e-mail. These are the e-mails it would have sent, newest first (files in <code>DATA_DIR/outbox</code>); only this machine can read this page. <a href="/">Back to the shop</a></p>
${items || '<p>No e-mail yet.</p>'}
</body></html>`);
    });
  };
}
