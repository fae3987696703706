import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { type LocalOidcProvider, startOidcProvider } from '../../../../test/oidc-provider';

const PUBLIC_URL = 'http://shop.test';
let oidc: LocalOidcProvider;
let t: TestApp;

beforeAll(async () => {
  oidc = await startOidcProvider({
    clientId: 'shop-client',
    clientSecret: 'shop-client-secret',
    redirectUris: [`${PUBLIC_URL}/api/auth/callback/google`],
  });
  t = await buildTestApp({
    env: {
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: 'shop-client',
      GOOGLE_CLIENT_SECRET: 'shop-client-secret',
      GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
    },
  });
});

afterAll(async () => {
  await t?.close();
  await oidc?.close();
});

/** A tiny cookie jar for the provider's side of the dance. */
class Jar {
  private cookies = new Map<string, string>();
  take(headers: Headers | Record<string, unknown>) {
    const list =
      headers instanceof Headers
        ? headers.getSetCookie()
        : ([] as string[]).concat((headers['set-cookie'] as string[] | string | undefined) ?? []);
    for (const cookie of list) {
      const [pair] = cookie.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) this.cookies.set(name.trim(), value.join('='));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

async function startSignIn(callbackURL: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
    payload: JSON.stringify({ provider: 'google', callbackURL, errorCallbackURL: '/auth' }),
  });
  expect(response.statusCode, response.body).toBe(200);
  const shop = new Jar();
  shop.take(response.headers);
  return { url: new URL(response.json().url as string), shop };
}

/** Walks the provider's development login and consent forms, as a person would, up to the redirect back. */
async function loginAtProvider(authorizeUrl: URL, email: string): Promise<URL> {
  const jar = new Jar();
  let next: URL = authorizeUrl;
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(response.headers);
    if (response.status >= 300 && response.status < 400) {
      const location = new URL(response.headers.get('location')!, next);
      if (location.origin === PUBLIC_URL) return location;
      next = location;
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`no form on the provider's page: ${page.slice(0, 200)}`);
    const form = page.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login: email, password: 'any' })
      : new URLSearchParams({ prompt: 'consent' });
    const posted = await fetch(new URL(action, next), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    jar.take(posted.headers);
    next = new URL(posted.headers.get('location')!, next);
  }
  throw new Error('the provider never redirected back');
}

describe('sign-in with an OpenID Connect provider', () => {
  it('asks for the code with PKCE, state and nonce, signs the user in and returns to the same page and query', async () => {
    const { url, shop } = await startSignIn('/checkout/abc?step=2');
    expect(url.origin).toBe(oidc.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();

    const back = await loginAtProvider(url, 'grandma@example.com');
    expect(back.pathname).toBe('/api/auth/callback/google');
    expect(back.searchParams.get('code')).toBeTruthy();

    const callback = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: shop.header() },
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/checkout/abc?step=2');
    shop.take(callback.headers);

    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: shop.header() },
    });
    expect(session.json().user).toMatchObject({
      email: 'grandma@example.com',
      name: 'grandma',
      emailVerified: true,
    });
  });

  it('refuses a callback whose state does not match the one it started', async () => {
    const first = await startSignIn('/');
    const second = await startSignIn('/');
    const back = await loginAtProvider(first.url, 'mallory@example.com');
    // The code and state of the first attempt, presented with the cookies of the second.
    const callback = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: second.shop.header() },
    });
    expect(callback.statusCode).toBe(302);
    const location = new URL(callback.headers.location as string, PUBLIC_URL);
    expect(location.pathname).toBe('/auth');
    expect(location.searchParams.get('error')).toBeTruthy();
    expect(callback.headers['set-cookie'] ?? '').not.toContain('session_token=');
  });

  it('refuses a forged state that was never issued', async () => {
    const { shop } = await startSignIn('/');
    const callback = await t.app.inject({
      method: 'GET',
      url: '/api/auth/callback/google?code=made-up&state=forged-state',
      headers: { cookie: shop.header() },
    });
    expect(callback.statusCode).toBe(302);
    expect(new URL(callback.headers.location as string, PUBLIC_URL).searchParams.get('error')).toBeTruthy();
  });
});
