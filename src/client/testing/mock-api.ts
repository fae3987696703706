// Test helper shared by the feature mock APIs: `fetch` replaced by a table of routes, each call
// recorded, a route nobody answers failing the test (unknown-route.ts).
import { vi } from 'vitest';
import { unknownRoute } from './unknown-route';

export type Reply = { status: number; body: unknown };
export type ApiCall = { method: string; path: string; query: URLSearchParams; body: unknown };
export type Handler = (call: ApiCall) => Reply | Promise<Reply>;
/** The routes of a mock API by 'METHOD /api/path', changeable while the page is open. */
export type Routes = Record<string, Handler | Reply>;

export const ok = (body: unknown, status = 200): Reply => ({ status, body });
export const fails = (status: number, code: string, message = code): Reply => ({
  status,
  body: { error: { code, message } },
});

/** A reply the test releases when it wants, to look at the page while a call is pending. */
export function deferred(): { handler: Handler; release: (reply: Reply) => void } {
  let release: (reply: Reply) => void = () => {};
  const promise = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { handler: () => promise, release };
}

/**
 * Replaces `fetch` for the test: a call is answered by `routes` (exact 'METHOD /path'), else by
 * `fallback` (paths with ids), else fails the test. test/client-setup.ts unstubs it after each test.
 */
export function stubApi(routes: Routes, fallback: (method: string, path: string) => Handler | undefined) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://shop.test',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    // A JSON body parsed; an upload's form data kept as it is.
    const body =
      typeof init?.body === 'string'
        ? JSON.parse(init.body)
        : init?.body instanceof FormData
          ? init.body
          : undefined;
    const call = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const key = `${method} ${url.pathname}`;
    const route = routes[key] ?? fallback(method, url.pathname);
    const reply = typeof route === 'function' ? await route(call) : (route ?? unknownRoute(key));
    // A 204 has no body (the Response constructor refuses one).
    if (reply.status === 204) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    routes,
    /** The calls to one path of the API, e.g. '/api/orders/…/payment'. */
    callsTo: (path: string, method?: string) =>
      calls.filter((call) => call.path === path && (method === undefined || call.method === method)),
  };
}
