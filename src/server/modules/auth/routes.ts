import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CLIENT_IP_HEADER, type ShopAuth } from './auth';

const ProvidersSchema = z
  .object({ providers: z.array(z.enum(['google', 'microsoft'])) })
  .meta({ id: 'AuthProviders' });

const HOP_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'set-cookie',
]);

/** Hands a Fastify request to better-auth as a Fetch request, with the caller's address from Fastify. */
function toFetchRequest(request: FastifyRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  let body = request.body;
  // A new password ends every other session of the account, whatever the client asks (a reset
  // already does): whoever knew the old one is signed out everywhere else.
  if (request.url.split('?')[0]?.endsWith('/change-password') && body && typeof body === 'object') {
    body = { ...body, revokeOtherSessions: true };
  }
  const url = new URL(request.url, publicUrl);
  // The pages ask who is signed in from the database, so a session ended elsewhere shows as signed
  // out at the next page; the answer renews the signed cookie copy the API reads (decision 016).
  if (url.pathname.endsWith('/get-session')) url.searchParams.set('disableCookieCache', 'true');
  return new Request(url, {
    method: request.method,
    headers,
    ...(hasBody ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
}

/** Sends better-auth's answer; its errors take the shop's one shape `{ error: { code, message } }`. */
async function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (!HOP_HEADERS.has(name)) reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status >= 400 && response.headers.get('content-type')?.includes('json') && text) {
    const {
      code,
      message,
      status: _status,
      statusCode: _statusCode,
      ...extra
    } = JSON.parse(text) as Record<string, unknown>;
    return reply.send({
      error: {
        code:
          typeof code === 'string' && code ? code : response.status === 429 ? 'RATE_LIMITED' : 'AUTH_ERROR',
        message: typeof message === 'string' && message ? message : 'The request could not be completed.',
        ...extra,
      },
    });
  }
  return reply.send(text === '' ? undefined : text);
}

/** Accounts: better-auth's endpoints under /api/auth, and which outside providers are configured. */
export function authRoutes(shopAuth: ShopAuth): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/providers',
      {
        schema: {
          tags: ['auth'],
          summary: 'Outside sign-in providers that are configured',
          response: { 200: ProvidersSchema },
        },
      },
      async () => ({ providers: shopAuth.providers }),
    );

    app.route({
      method: ['GET', 'POST'],
      url: '/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const response = await shopAuth.auth.handler(toFetchRequest(request, app.config.publicUrl));
        return sendFetchResponse(reply, response);
      },
    });
  };
}
