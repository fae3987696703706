import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signedInAs } from '../../test/signed-in';

let t: TestApp;
let cookie: string;
let routes: { method: string; path: string }[];

const UNDOCUMENTED = [
  'POST /api/wizard/session',
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/change-password',
  'POST /api/auth/update-user',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
].map((line) => {
  const [method = '', path = ''] = line.split(' ');
  return { method, path };
});

beforeAll(async () => {
  // The public description leaves the operator routes out; an operator reads the whole one.
  t = await buildTestApp({ env: { ADMIN_EMAILS: 'fuzz.operator@example.com' } });
  const operator = await signedInAs(t, 'fuzz.operator@example.com');
  cookie = await signedInAs(t, 'fuzz.parent@example.com');
  const document = (
    await t.app.inject({ method: 'GET', url: '/api/admin/openapi.json', headers: { cookie: operator } })
  ).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
  routes.push(...UNDOCUMENTED);
});

afterAll(async () => {
  await t.close();
});

const NUL = '\u0000';
const LONE = '\ud800';
const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const nasty = [`a${NUL}b`, `Mia${LONE}`, `${LONE}`];
/** The text in a URL: NUL as %00, a lone surrogate as the bytes a careless client would send. */
const inUrl = (text: string) => text.replaceAll(NUL, '%00').replaceAll(LONE, '%ED%A0%80');

function bodyFor(text: string) {
  return {
    name: text,
    email: `${text}@example.com`,
    password: `pw-${text}-long-enough`,
    themeId: text,
    bookType: 'storybook',
    childName: text,
    toyName: text,
    dedicationMessage: text,
    dedicationSignature: text,
    language: 'en',
    coverType: 'softcover',
    grandparentCopies: { count: 0, coverType: 'softcover' },
    customer: { firstName: text, lastName: text, email: 'a@example.com', phone: text },
    shipping: { address: text, city: text, postalCode: text, country: 'DE' },
    text,
    rating: 5,
  };
}

describe('no input makes the server fail (no 5xx)', () => {
  it('NUL bytes and lone surrogates in paths, queries, bodies and cookies, deep JSON, nulls', async () => {
    const failures: string[] = [];
    const check = async (label: string, request: InjectOptions) => {
      const response = await t.app.inject(request);
      if (response.statusCode >= 500)
        failures.push(`${label}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    };
    for (const route of routes) {
      for (const text of nasty) {
        const path = route.path.replace(/\{[^}]+\}/g, inUrl(text));
        const headers = { cookie, origin: t.config.publicUrl };
        await check(`${route.method} ${route.path} path ${JSON.stringify(text)}`, {
          method: route.method as InjectOptions['method'],
          url: `${path}?q=${inUrl(text)}&type=${inUrl(text)}`,
          headers,
        });
        if (route.method !== 'GET') {
          await check(`${route.method} ${route.path} body ${JSON.stringify(text)}`, {
            method: route.method as InjectOptions['method'],
            url: route.path.replace(/\{[^}]+\}/g, '5f0c6a1e-1111-4aaa-8bbb-000000000001'),
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(bodyFor(text)),
          });
          await check(`${route.method} ${route.path} deep JSON`, {
            method: route.method as InjectOptions['method'],
            url: route.path.replace(/\{[^}]+\}/g, '5f0c6a1e-1111-4aaa-8bbb-000000000001'),
            headers: { ...headers, 'content-type': 'application/json' },
            payload: deep(100_000),
          });
        }
      }
      await check(`${route.method} ${route.path} wizard cookie with NUL`, {
        method: route.method as InjectOptions['method'],
        url: route.path.replace(/\{[^}]+\}/g, '5f0c6a1e-1111-4aaa-8bbb-000000000001'),
        headers: { cookie: `${cookie}; shop.wizard_session=%00abc`, origin: t.config.publicUrl },
      });
    }
    await check('update-user with a null name', {
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie, origin: t.config.publicUrl, 'content-type': 'application/json' },
      payload: '{"name": null}',
    });
    const boundary = '----fuzz';
    await check('a truncated multipart upload', {
      method: 'POST',
      url: '/api/wizard/photos?kind=child',
      headers: {
        cookie,
        origin: t.config.publicUrl,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff`,
    });
    expect(failures).toEqual([]);
  }, 120_000);
});

/**
 * Issue 34, finding 5: `POST /api/auth/update-user {"name":null}` answered 500. Every field the
 * account routes read, given every kind of JSON value, on each route: never a 5xx.
 */
describe('the account routes (better-auth) never fail on a body', () => {
  /** Each account route and the fields it reads. */
  const AUTH_ROUTES: Record<string, string[]> = {
    '/api/auth/update-user': ['name', 'image', 'language', 'email'],
    '/api/auth/sign-up/email': [
      'name',
      'email',
      'password',
      'callbackURL',
      'language',
      'image',
      'rememberMe',
    ],
    '/api/auth/sign-in/email': ['email', 'password', 'callbackURL', 'rememberMe'],
    '/api/auth/request-password-reset': ['email', 'redirectTo'],
    '/api/auth/reset-password': ['newPassword', 'token'],
    '/api/auth/send-verification-email': ['email', 'callbackURL'],
    '/api/auth/change-password': ['newPassword', 'currentPassword', 'revokeOtherSessions'],
    '/api/auth/revoke-session': ['token'],
    '/api/auth/sign-in/social': ['provider', 'callbackURL', 'idToken'],
    '/api/auth/delete-user': ['password', 'token', 'callbackURL'],
  };
  const VALUES: unknown[] = [null, 1e308, true, { a: 1 }, ['a'], 'x'.repeat(5000)];
  const good = {
    name: 'Fuzz',
    email: 'fuzz.auth@example.com',
    password: 'tidy-lantern-42',
    // The same password: a change that goes through leaves the account as it was.
    newPassword: 'tidy-lantern-42',
    currentPassword: 'tidy-lantern-42',
    callbackURL: '/',
    language: 'en',
  };

  it('answers 2xx, 3xx or 4xx to every value of every field on every route', async () => {
    const failures: string[] = [];
    for (const [index, [url, fields]] of Object.entries(AUTH_ROUTES).entries()) {
      // One account per route: a route that ends the session or the account spoils no other.
      const email = `fuzz.auth.${index}@example.com`;
      const cookie = await signedInAs(t, email, good.password);
      for (const field of fields) {
        for (const value of VALUES) {
          // The field alone, and beside good values of every other field.
          for (const body of [{ [field]: value }, { ...good, email, [field]: value }]) {
            const response = await t.app.inject({
              method: 'POST',
              url,
              headers: { cookie, origin: t.config.publicUrl, 'content-type': 'application/json' },
              payload: JSON.stringify(body),
            });
            if (response.statusCode >= 500)
              failures.push(`${url} ${JSON.stringify(body).slice(0, 60)}: ${response.statusCode}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
