import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { signedInAs } from '../../../test/signed-in';

let t: TestApp;
let cookie: string;
/** Every state-changing route the API describes, path parameters filled in. */
let routes: { method: string; url: string }[];

const EXEMPT = ['/api/payments/webhook', '/api/printer/webhook'];
/** State-changing routes the document leaves out (the accounts' routes are one catch-all). */
const UNDOCUMENTED = [
  'POST /api/wizard/session',
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-out',
  'POST /api/auth/change-password',
  'POST /api/auth/update-user',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
].map((line) => {
  const [method = '', url = ''] = line.split(' ');
  return { method, url };
});
const SOME_ID = '5f0c6a1e-1111-4aaa-8bbb-000000000001';

beforeAll(async () => {
  // The public description leaves the operator routes out; an operator reads the whole one.
  t = await buildTestApp({ env: { ADMIN_EMAILS: 'fuzz.operator@example.com' } });
  const operator = await signedInAs(t, 'fuzz.operator@example.com');
  cookie = await signedInAs(t, 'same.origin@example.com');
  const document = (
    await t.app.inject({ method: 'GET', url: '/api/admin/openapi.json', headers: { cookie: operator } })
  ).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .map((method) => method.toUpperCase())
      .filter((method) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method))
      .filter(() => !EXEMPT.includes(path))
      .map((method) => ({ method, url: path.replace(/\{[^}]+\}/g, SOME_ID) })),
  );
  routes.push(
    ...UNDOCUMENTED.filter(
      (extra) => !routes.some((route) => route.url === extra.url && route.method === extra.method),
    ),
  );
});

afterAll(async () => {
  await t.close();
});

const send = (route: { method: string; url: string }, headers: Record<string, string>) =>
  t.app.inject({
    method: route.method as 'POST',
    url: route.url,
    headers: { cookie, 'content-type': 'application/json', ...headers },
    payload: '{}',
  });

describe('state changes only from the shop’s own pages', () => {
  it('covers the routes that change something: wizard, checkout, orders, books, profile, sign-in', () => {
    const urls = routes.map((route) => route.url);
    for (const expected of [
      '/api/wizard/complete',
      '/api/orders/',
      '/api/books/',
      '/api/profile/',
      '/api/auth/',
      '/api/admin/orders/',
    ]) {
      expect(urls.some((url) => url.startsWith(expected))).toBe(true);
    }
  });

  it('refuses another origin, a sibling subdomain and a sandboxed page on every one of them (403)', async () => {
    for (const route of routes) {
      const foreign: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { origin: 'https://pages.shop.example' },
        { origin: 'null' },
        { 'sec-fetch-site': 'same-site' },
        { 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of foreign) {
        const response = await send(route, headers);
        expect({ ...route, headers, status: response.statusCode }).toEqual({
          ...route,
          headers,
          status: 403,
        });
        expect(response.json()).toEqual({
          error: { code: 'FORBIDDEN', message: 'This change must be made from the shop’s own page.' },
        });
      }
    }
  });

  it('lets the shop’s own pages through (whatever the route then answers)', async () => {
    for (const route of routes) {
      const response = await send(route, { origin: t.config.publicUrl, 'sec-fetch-site': 'same-origin' });
      expect({ ...route, status: response.statusCode }).not.toEqual({ ...route, status: 403 });
    }
  });

  it('takes a form from the shop’s own page that sends no referrer (Origin: null, same-origin)', async () => {
    const response = await send(
      { method: 'POST', url: `/api/orders/${SOME_ID}/payment` },
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    );
    expect(response.statusCode).not.toBe(403);
  });

  it('refuses a text/plain body, which another page can send without asking (415)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${SOME_ID}/payment`,
      headers: {
        cookie: await signedInAs(t, 'plain.text@example.com'),
        origin: t.config.publicUrl,
        'content-type': 'text/plain',
      },
      payload: 'x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('VALIDATION_INVALID_PARAM');
  });

  it('takes a form only where a photo is uploaded: a form sent to any other route is 415', async () => {
    const boundary = 'form-boundary-16';
    const form = `--${boundary}\r\nContent-Disposition: form-data; name="childName"\r\n\r\nMia\r\n--${boundary}--\r\n`;
    for (const [method, url] of [
      ['POST', '/api/wizard/session'],
      ['PUT', '/api/wizard/session/steps/1'],
      ['POST', '/api/wizard/covers'],
      ['POST', '/api/auth/sign-up/email'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { origin: t.config.publicUrl, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: form,
      });
      expect(response.statusCode, url).toBe(415);
      expect(response.json().error.code).toBe('VALIDATION_INVALID_PARAM');
    }
    // The upload itself still takes its form (and answers about the photo, not the type).
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/wizard/photos?kind=child',
      headers: { origin: t.config.publicUrl, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: form,
    });
    expect(upload.statusCode).not.toBe(415);
    expect(upload.statusCode).toBeLessThan(500);
  });

  it('takes the payment provider’s signed notification from elsewhere (its signature is checked)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).not.toBe(403);
  });
});
