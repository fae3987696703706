import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Requests that come from elsewhere by design, each proven another way: the payment provider's and
 * the printer's signed notifications, and the sign-in providers' returns (state and PKCE checked).
 */
const FROM_ELSEWHERE = [
  /^\/api\/payments\/webhook$/,
  /^\/api\/printer\/webhook$/,
  /^\/api\/auth\/callback\//,
];

/** The shop's own origins: the public URL (localhost and 127.0.0.1 are one for a person). */
function shopOrigins(publicUrl: string): Set<string> {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  const port = url.port ? `:${url.port}` : '';
  if (url.hostname === 'localhost') origins.add(`${url.protocol}//127.0.0.1${port}`);
  if (url.hostname === '127.0.0.1') origins.add(`${url.protocol}//localhost${port}`);
  return origins;
}

/**
 * Every state-changing request must come from the shop's own pages (issue 16, same-site request
 * forgery): the session cookie alone is not enough, since a page on a sibling subdomain or another
 * port of the same site sends it too. A browser names the page's origin on every POST, PUT, PATCH
 * and DELETE (`Origin`) and says where the request comes from (`Sec-Fetch-Site`):
 * - an `Origin` that is not the shop's is refused; `Origin: null` (a page without referrer, or a
 *   sandboxed one) only with `Sec-Fetch-Site: same-origin`;
 * - without `Origin`, a browser's `Sec-Fetch-Site: cross-site` or `same-site` is refused;
 * - a request with neither is not a browser's (tests, scripts, webhooks): it carries no ambient
 *   authority a page could borrow, and the routes' own checks apply.
 * The answer is 403 with the shared error shape. Also, no route reads `text/plain`: a page on another
 * origin can send that without asking the browser first, so it is refused with 415 like any other
 * type a route does not expect.
 */
async function sameOrigin(app: FastifyInstance) {
  const origins = shopOrigins(app.config.publicUrl);
  app.removeContentTypeParser('text/plain');
  // A callback hook, not an async one: most requests are reads and leave at the first line.
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    if (!STATE_CHANGING.has(request.method)) return done();
    const path = request.url.split('?')[0] ?? '';
    if (FROM_ELSEWHERE.some((pattern) => pattern.test(path))) return done();
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    // A page that sends no referrer (the payment page) posts its forms with `Origin: null`: the
    // browser's `Sec-Fetch-Site: same-origin` then says it is the shop's own.
    const foreign =
      origin === 'null'
        ? site !== 'same-origin'
        : origin !== undefined
          ? !origins.has(origin)
          : site === 'cross-site' || site === 'same-site';
    done(
      foreign ? new AppError('FORBIDDEN', 'This change must be made from the shop’s own page.') : undefined,
    );
  });
}

export const sameOriginPlugin = fp(sameOrigin, { name: 'same-origin' });
