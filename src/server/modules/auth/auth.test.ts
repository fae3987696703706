import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { signedInAs } from '../../../../test/signed-in';
import { failedSignIns, profiles, users, verifications } from '../../db/schema';
import { safeError } from '../../log-safety';

let t: TestApp;
let clock = Date.now();

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock) });
});

afterAll(async () => {
  await t.close();
});

type Answer = {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whichever JSON shape each endpoint answers
  body: any;
  cookie: string;
  setCookies: string[];
  location: string | undefined;
};

/** A browser-like call: JSON, same-origin, with the cookies it was given. */
async function call(
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  cookie = '',
  app = t.app,
): Promise<Answer> {
  const response = await app.inject({
    method,
    url,
    headers: {
      origin: app.config.publicUrl,
      ...(cookie ? { cookie } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  const raw = response.headers['set-cookie'];
  const setCookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const jar = setCookies.map((entry) => entry.split(';')[0]).filter((pair) => !pair?.endsWith('='));
  let body: unknown = response.body;
  try {
    body = response.json();
  } catch {
    // not JSON
  }
  return {
    status: response.statusCode,
    body,
    cookie: jar.join('; '),
    setCookies,
    location: response.headers.location as string | undefined,
  };
}

/** The path and query of the link in the last e-mail to an address. */
function linkIn(to: string): string {
  const message = t.mailer.lastTo(to);
  const url = /https?:\/\/\S+/.exec(message?.text ?? '')?.[0];
  if (!url) throw new Error(`no link in the last e-mail to ${to}`);
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

async function signUpAndConfirm(email: string, password = 'tidy-lantern-42', language = 'en') {
  const signUp = await call('POST', '/api/auth/sign-up/email', {
    email,
    password,
    name: email.split('@')[0],
    language,
    callbackURL: '/',
  });
  expect(signUp.status).toBe(200);
  const confirm = await call('GET', linkIn(email));
  return { signUp, confirm };
}

describe('sign-up and confirmation', () => {
  it('sends a confirmation e-mail whose link signs the user in and lands on /', async () => {
    const email = 'mia.parent@example.com';
    const signUp = await call('POST', '/api/auth/sign-up/email', {
      email,
      password: 'tidy-lantern-42',
      name: 'mia.parent',
      language: 'en',
      callbackURL: '/',
    });
    expect(signUp.status).toBe(200);
    expect(signUp.cookie).not.toContain('session_token');

    const message = t.mailer.lastTo(email);
    expect(message?.subject).toBe('Confirm your e-mail address');
    expect(message?.html).toContain('Confirm my e-mail');
    expect(message?.text).toContain('/api/auth/verify-email?token=');

    const unconfirmed = await call('POST', '/api/auth/sign-in/email', { email, password: 'tidy-lantern-42' });
    expect(unconfirmed.status).toBe(403);
    expect(unconfirmed.body.error.code).toBe('EMAIL_NOT_VERIFIED');

    const confirm = await call('GET', linkIn(email));
    expect(confirm.status).toBe(302);
    expect(confirm.location).toBe('/');
    expect(confirm.cookie).toContain('shop.session_token=');

    const session = await call('GET', '/api/auth/get-session', undefined, confirm.cookie);
    expect(session.body.user).toMatchObject({ email, emailVerified: true, language: 'en' });
    const [profile] = await t.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, session.body.user.id));
    expect(profile?.displayName).toBe('mia.parent');
  });

  it('writes the confirmation in French for a French sign-up', async () => {
    await call('POST', '/api/auth/sign-up/email', {
      email: 'lea@example.fr',
      password: 'tidy-lantern-42',
      name: 'lea',
      language: 'fr',
      callbackURL: '/',
    });
    expect(t.mailer.lastTo('lea@example.fr')?.subject).toBe('Confirmez votre adresse e-mail');
  });

  it('sets the session cookie httpOnly and SameSite=Lax', async () => {
    const { confirm } = await signUpAndConfirm('cookie.check@example.com');
    const sessionCookie = confirm.setCookies.find((cookie) => cookie.startsWith('shop.session_token='));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/Secure/i);
  });

  it('answers a sign-up with an existing e-mail like any other, and tells the owner instead', async () => {
    await signUpAndConfirm('twice@example.com');
    const again = await call('POST', '/api/auth/sign-up/email', {
      email: 'twice@example.com',
      password: 'another-lantern-7',
      name: 'twice',
      callbackURL: '/',
    });
    expect(again.status).toBe(200);
    expect(await t.database.db.$count(users, eq(users.email, 'twice@example.com'))).toBe(1);
    expect(t.mailer.lastTo('twice@example.com')?.subject).toBe('You already have an account');
    // The account keeps its own password.
    const signIn = await call('POST', '/api/auth/sign-in/email', {
      email: 'twice@example.com',
      password: 'tidy-lantern-42',
    });
    expect(signIn.status).toBe(200);
  });

  it('refuses a password shorter than 6 characters and a common one, saying why', async () => {
    const short = await call('POST', '/api/auth/sign-up/email', {
      email: 's@example.com',
      password: 'zq7#x',
      name: 's',
    });
    expect(short.status).toBe(400);
    expect(short.body.error.code).toBe('PASSWORD_TOO_SHORT');
    const common = await call('POST', '/api/auth/sign-up/email', {
      email: 'c@example.com',
      password: 'Password1',
      name: 'c',
    });
    expect(common.status).toBe(400);
    expect(common.body.error).toEqual({
      code: 'PASSWORD_TOO_COMMON',
      message:
        'This password is one of the most common passwords. Please choose one that is harder to guess.',
    });
    expect(await t.database.db.$count(users, eq(users.email, 'c@example.com'))).toBe(0);
  });

  it('refuses a sign-up from another site (origin check)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json', cookie: 'x=1' },
      payload: JSON.stringify({ email: 'o@example.com', password: 'tidy-lantern-42', name: 'o' }),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('sign-in, sessions and sign-out', () => {
  it('answers wrong credentials with the provider’s error in the shop’s shape', async () => {
    await signUpAndConfirm('wrong.pass@example.com');
    const response = await call('POST', '/api/auth/sign-in/email', {
      email: 'wrong.pass@example.com',
      password: 'not-it-at-all',
    });
    expect(response.status).toBe(401);
    expect(response.body.error).toEqual({
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
  });

  it('ends the session on the server at sign-out', async () => {
    await signUpAndConfirm('leaving@example.com');
    const signIn = await call('POST', '/api/auth/sign-in/email', {
      email: 'leaving@example.com',
      password: 'tidy-lantern-42',
    });
    expect(signIn.status).toBe(200);
    expect((await call('GET', '/api/auth/get-session', undefined, signIn.cookie)).body.user.email).toBe(
      'leaving@example.com',
    );
    expect((await call('POST', '/api/auth/sign-out', {}, signIn.cookie)).status).toBe(200);
    // The old cookie, replayed, no longer opens a session.
    expect((await call('GET', '/api/auth/get-session', undefined, signIn.cookie)).body).toBeNull();
  });

  it('locks an account after ten failed sign-ins for 15 minutes, then lets the right password in', async () => {
    const email = 'eleven.tries@example.com';
    await signUpAndConfirm(email);
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await call('POST', '/api/auth/sign-in/email', {
        email,
        password: `wrong-${attempt}-password`,
      });
      expect(response.status).toBe(401);
    }
    const eleventh = await call('POST', '/api/auth/sign-in/email', { email, password: 'wrong-11-password' });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error).toMatchObject({
      code: 'TOO_MANY_FAILED_SIGN_INS',
      message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
      retryAfterMinutes: 15,
    });
    const rightButLocked = await call('POST', '/api/auth/sign-in/email', {
      email,
      password: 'tidy-lantern-42',
    });
    expect(rightButLocked.status).toBe(429);

    clock += 16 * 60_000;
    const later = await call('POST', '/api/auth/sign-in/email', { email, password: 'tidy-lantern-42' });
    expect(later.status).toBe(200);
    expect(await t.database.db.$count(failedSignIns, eq(failedSignIns.email, email))).toBe(0);
  });
});

describe('password reset', () => {
  it('e-mails a single-use link to /auth?mode=reset, sets the new password, ends other sessions and tells the user', async () => {
    const email = 'forgetful@example.com';
    await signUpAndConfirm(email);
    const otherDevice = await call('POST', '/api/auth/sign-in/email', { email, password: 'tidy-lantern-42' });

    const request = await call('POST', '/api/auth/request-password-reset', {
      email,
      redirectTo: '/auth?mode=reset',
    });
    expect(request.status).toBe(200);
    expect(t.mailer.lastTo(email)?.subject).toBe('Reset your password');

    const link = linkIn(email);
    const landing = await call('GET', link);
    expect(landing.status).toBe(302);
    const target = new URL(landing.location!, 'http://shop.test');
    expect(target.pathname).toBe('/auth');
    expect(target.searchParams.get('mode')).toBe('reset');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await call('POST', '/api/auth/reset-password', {
      newPassword: 'brand-new-lantern-9',
      token,
    });
    expect(reset.status).toBe(200);
    expect(t.mailer.lastTo(email)?.subject).toBe('Your password was changed');
    expect((await call('GET', '/api/auth/get-session', undefined, otherDevice.cookie)).body).toBeNull();

    const old = await call('POST', '/api/auth/sign-in/email', { email, password: 'tidy-lantern-42' });
    expect(old.status).toBe(401);
    const fresh = await call('POST', '/api/auth/sign-in/email', { email, password: 'brand-new-lantern-9' });
    expect(fresh.status).toBe(200);

    // Used once: neither the token nor the e-mailed link works again.
    const again = await call('POST', '/api/auth/reset-password', { newPassword: 'third-lantern-11', token });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('INVALID_TOKEN');
    const relanding = await call('GET', link);
    expect(new URL(relanding.location!, 'http://shop.test').searchParams.get('error')).toBe('INVALID_TOKEN');
  });

  it('refuses an expired link', async () => {
    const email = 'slow.reader@example.com';
    await signUpAndConfirm(email);
    await call('POST', '/api/auth/request-password-reset', { email, redirectTo: '/auth?mode=reset' });
    const link = linkIn(email);
    const token = link.split('/reset-password/')[1]?.split('?')[0];
    await t.database.db.update(verifications).set({ expiresAt: new Date(Date.now() - 1000) });
    const reset = await call('POST', '/api/auth/reset-password', {
      newPassword: 'brand-new-lantern-9',
      token,
    });
    expect(reset.status).toBe(400);
    expect(reset.body.error.code).toBe('INVALID_TOKEN');
  });

  it('answers the same for an unknown e-mail, revealing nothing', async () => {
    const before = t.mailer.sent.length;
    const response = await call('POST', '/api/auth/request-password-reset', {
      email: 'nobody@example.com',
      redirectTo: '/auth?mode=reset',
    });
    expect(response.status).toBe(200);
    expect(t.mailer.sent.length).toBe(before);
  });

  it('refuses a common password as the new one', async () => {
    const email = 'common.reset@example.com';
    await signUpAndConfirm(email);
    await call('POST', '/api/auth/request-password-reset', { email, redirectTo: '/auth?mode=reset' });
    const token = linkIn(email).split('/reset-password/')[1]?.split('?')[0];
    const reset = await call('POST', '/api/auth/reset-password', { newPassword: 'qwerty123', token });
    expect(reset.status).toBe(400);
    expect(reset.body.error.code).toBe('PASSWORD_TOO_COMMON');
  });
});

describe('limits and providers', () => {
  it('a password change ends the account’s other sessions, even when the client does not ask', async () => {
    const email = 'two.devices@example.com';
    const phone = await signedInAs(t, email);
    const laptop = (await call('POST', '/api/auth/sign-in/email', { email, password: 'tidy-lantern-42' }))
      .cookie;
    const sessionOf = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })).json();
    expect(await sessionOf(laptop)).not.toBeNull();
    const changed = await call(
      'POST',
      '/api/auth/change-password',
      { currentPassword: 'tidy-lantern-42', newPassword: 'quiet-harbour-77', revokeOtherSessions: false },
      phone,
    );
    expect(changed.status).toBe(200);
    expect(await sessionOf(laptop)).toBeNull();
    expect(await sessionOf(changed.cookie || phone)).not.toBeNull();
  });

  it('never limits reading one’s own session: many pages from one address stay signed in', async () => {
    const limited = await buildTestApp({ authRateLimits: { max: 5, windowSeconds: 60 } });
    try {
      const cookie = await signedInAs(limited, 'many.tabs@example.com');
      const statuses: number[] = [];
      for (let read = 0; read < 20; read++) {
        const response = await limited.app.inject({
          method: 'GET',
          url: '/api/auth/get-session',
          headers: { cookie },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual(Array(20).fill(200));
    } finally {
      await limited.close();
    }
  });

  it('behind one trusted proxy, a client cannot dodge the sign-in limit by naming other addresses', async () => {
    const limited = await buildTestApp({ authRateLimits: { signInPerMinute: 3 }, env: { TRUST_PROXY: '1' } });
    const signIn = (forwardedFor: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: {
          origin: limited.config.publicUrl,
          'content-type': 'application/json',
          'x-forwarded-for': forwardedFor,
        },
        payload: JSON.stringify({ email: 'someone@example.com', password: 'whatever-1' }),
      });
    try {
      const statuses: number[] = [];
      // The client writes any address it likes; the proxy appends the one it saw.
      for (let attempt = 0; attempt < 60; attempt++) {
        statuses.push((await signIn(`198.51.100.${attempt}, 203.0.113.9`)).statusCode);
      }
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses.slice(3).every((status) => status === 429)).toBe(true);
      // Another client behind the same proxy is not held back by the first one's attempts.
      expect((await signIn('203.0.113.10')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('limits sign-in attempts per address', async () => {
    const limited = await buildTestApp({ authRateLimits: { signInPerMinute: 3 } });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        statuses.push(
          (
            await call(
              'POST',
              '/api/auth/sign-in/email',
              { email: `x${attempt}@example.com`, password: 'whatever-1' },
              '',
              limited.app,
            )
          ).status,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const last = await call(
        'POST',
        '/api/auth/sign-in/email',
        { email: 'y@example.com', password: 'whatever-1' },
        '',
        limited.app,
      );
      expect(last.body.error.code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });

  it('lists only the configured outside providers', async () => {
    expect((await call('GET', '/api/auth/providers')).body).toEqual({ providers: [] });
    const withGoogle = await buildTestApp({
      env: {
        GOOGLE_CLIENT_ID: 'shop-client',
        GOOGLE_CLIENT_SECRET: 'shop-secret',
        GOOGLE_DISCOVERY_URL: 'http://127.0.0.1:9/.well-known/openid-configuration',
      },
    });
    try {
      expect((await call('GET', '/api/auth/providers', undefined, '', withGoogle.app)).body).toEqual({
        providers: ['google'],
      });
    } finally {
      await withGoogle.close();
    }
  });

  it('marks cookies Secure when the shop is served over https', async () => {
    const secure = await buildTestApp({ env: { PUBLIC_URL: 'https://shop.example.ch' } });
    try {
      await call(
        'POST',
        '/api/auth/sign-up/email',
        { email: 'https@example.com', password: 'tidy-lantern-42', name: 'h' },
        '',
        secure.app,
      );
      const message = secure.mailer.lastTo('https@example.com');
      const url = new URL(/https?:\/\/\S+/.exec(message!.text)![0]);
      const confirm = await call('GET', `${url.pathname}${url.search}`, undefined, '', secure.app);
      expect(confirm.setCookies.find((cookie) => cookie.includes('session_token'))).toMatch(/Secure/);
    } finally {
      await secure.close();
    }
  });
});

// Issue 34, finding 5: `{"name":null}` answered 500 and the log held the query with the user's id.
describe('update-user', () => {
  it('refuses a value of the wrong kind with 400 and changes nothing', async () => {
    const email = 'update.user@example.com';
    const cookie = await signedInAs(t, email);
    for (const payload of [
      '{"name":null}',
      '{"language":null}',
      '{"language":7}',
      '{"name":{"a":1}}',
      '{"name":""}',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { cookie, origin: t.config.publicUrl, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_INVALID_PARAM');
    }
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ name: 'update.user', language: 'en' });
    const renamed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie, origin: t.config.publicUrl, 'content-type': 'application/json' },
      payload: '{"name":"Ada","language":"fr"}',
    });
    expect(renamed.statusCode).toBe(200);
  });

  it('logs a failed query without its values (no user id or e-mail)', async () => {
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'update.user@example.com'));
    const failure = await t.database.db
      .update(users)
      .set({ name: null as unknown as string })
      .where(eq(users.id, user!.id))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(String((failure as Error).message)).toContain(user!.id);
    const logged = JSON.stringify(safeError(failure));
    expect(logged).toContain('Failed query: update \\"user\\"');
    expect(logged).not.toContain(user!.id);
    expect(logged).toContain('params: [hidden]');
  });
});
