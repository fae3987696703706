import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

export type SignedInUser = { id: string; email: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, set by `requireSignIn` on the routes that need an account. */
    user: SignedInUser | null;
  }
  interface FastifyContextConfig {
    /**
     * The route reads the session from the database, not from the signed cookie cache: a session
     * ended elsewhere (sign-out, password change, deletion) is refused at once (decision 016).
     */
    freshSession?: boolean;
  }
}

/** Gives every request a `user` slot (app.ts, once). */
export function registerRequestUser(app: FastifyInstance): void {
  app.decorateRequest('user', null);
}

/**
 * The one authorisation hook of a route prefix (fastify/demo's autohooks pattern): a plugin whose
 * routes all need an account adds `app.addHook('onRequest', requireSignIn(app))` once, and its
 * handlers read `signedIn(request)`. A caller without a session gets 401 before any work is done.
 */
export function requireSignIn(app: Pick<FastifyInstance, 'currentUser'>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const fresh = request.routeOptions.config.freshSession === true;
    const user = await app.currentUser(request, { fresh, reply });
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    request.user = user;
  };
}

/** The caller of a route behind `requireSignIn`. */
export function signedIn(request: FastifyRequest): SignedInUser {
  if (!request.user) throw new Error('a signed-in route without requireSignIn on its prefix');
  return request.user;
}
