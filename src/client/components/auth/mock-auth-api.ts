// Test helper: answers the account API (/api/auth/*) the way the server does, and records every call.
import { vi } from 'vitest';
import { unknownRoute } from '../../testing/unknown-route';
import type { AuthSession } from './get-session';

export type Reply = { status: number; body: unknown };
type Handler = (body: unknown) => Reply | Promise<Reply>;

export const ok = (body: unknown = { status: true }): Reply => ({ status: 200, body });

export const fails = (status: number, code: string, message: string, extra: object = {}): Reply => ({
  status,
  body: { error: { code, message, ...extra } },
});

export function sessionFor(email: string, user: Partial<AuthSession['user']> = {}): AuthSession {
  return {
    session: { id: 'session-1', expiresAt: '2030-01-01T00:00:00.000Z' },
    user: {
      id: 'user-1',
      email,
      name: email.split('@')[0] ?? '',
      image: null,
      emailVerified: true,
      language: 'en',
      ...user,
    },
  };
}

/** The routes of a user signed in until the sign-out the server accepts (a visitor afterwards). */
export function signedInUntilSignOut(email: string): Record<string, Handler> {
  let signedIn = true;
  return {
    'GET /api/auth/get-session': () => ok(signedIn ? sessionFor(email) : null),
    'POST /api/auth/sign-out': () => {
      signedIn = false;
      return ok({ success: true });
    },
  };
}

/** A reply the test releases when it wants, to look at the page while a call is pending. */
export function deferred(): { handler: Handler; release: (reply: Reply) => void } {
  let release: (reply: Reply) => void = () => {};
  const promise = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { handler: () => promise, release };
}

export type AuthCall = { method: string; path: string; body: unknown };

/**
 * Replaces fetch for the test. `routes` are keyed 'METHOD /api/auth/path'; a visitor (get-session
 * null) and no configured provider are the defaults; anything else fails the test.
 */
export function mockAuthApi(routes: Record<string, Handler | Reply> = {}) {
  const calls: AuthCall[] = [];
  const defaults: Record<string, Reply> = {
    'GET /api/auth/get-session': ok(null),
    'GET /api/auth/providers': ok({ providers: [] }),
    // The top bar's cart reads the approved unpaid books of a signed-in parent: none here.
    'GET /api/books/unpaid-count': ok({ count: 0 }),
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? '';
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const route = routes[`${method} ${path}`] ?? defaults[`${method} ${path}`];
    const reply =
      typeof route === 'function' ? await route(body) : (route ?? unknownRoute(`${method} ${path}`));
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    /** The calls to one path, e.g. '/sign-in/email'. */
    callsTo: (path: string) => calls.filter((call) => call.path === `/api/auth${path}`),
  };
}
