import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { signedInAs } from '../../../test/signed-in';
import { rateLimits } from '../db/schema';
import { AUTH_LIMITS } from '../modules/auth/auth';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

afterEach(() => {
  vi.useRealTimers();
});

const PASSWORD = 'tidy-lantern-42';

/** The cookies a browser keeps from an answer, as one Cookie header (emptied ones dropped). */
function jarOf(setCookie: string | string[] | undefined): string {
  return ([] as string[])
    .concat(setCookie ?? [])
    .map((entry) => entry.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

async function signIn(email: string, password = PASSWORD): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: t.config.publicUrl, 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password }),
  });
  expect(response.statusCode).toBe(200);
  return jarOf(response.headers['set-cookie']);
}

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('the session from the signed cookie copy (decision 016)', () => {
  it('a signed-in device gets the copy at sign-in, and API reads answer from it', async () => {
    await signedInAs(t, 'copy.holder@example.com');
    const laptop = await signIn('copy.holder@example.com');
    expect(laptop).toContain('shop.session_data=');
    expect((await get('/api/profile', laptop)).statusCode).toBe(200);
    // A forged copy (the signature does not match) is not trusted: without a valid token, 401.
    const forged = laptop.replace(/shop\.session_token=[^;]+/, 'shop.session_token=forged');
    expect((await get('/api/profile', forged)).statusCode).toBe(401);
  });

  it('a copy whose signature does not match is never trusted, even after the real one was', async () => {
    await signedInAs(t, 'real.owner@example.com');
    await signedInAs(t, 'someone.else@example.com');
    const owner = await signIn('real.owner@example.com');
    const other = await signIn('someone.else@example.com');
    expect((await get('/api/profile', owner)).json().email).toBe('real.owner@example.com');
    // The owner's token with a copy rewritten to name the other account (its old signature kept).
    const data = /shop\.session_data=([^;]+)/.exec(owner)![1]!;
    const otherData = /shop\.session_data=([^;]+)/.exec(other)![1]!;
    const copy = JSON.parse(Buffer.from(data, 'base64url').toString('utf8'));
    copy.session.user = JSON.parse(Buffer.from(otherData, 'base64url').toString('utf8')).session.user;
    const forged = owner.replace(data, Buffer.from(JSON.stringify(copy)).toString('base64url'));
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await get('/api/profile', forged);
      expect(response.statusCode).toBe(200);
      expect(response.json().email).toBe('real.owner@example.com');
    }
  });

  it('after a password change elsewhere, the old copy opens reads for at most a minute; pages and sensitive routes refuse at once', async () => {
    const email = 'two.screens@example.com';
    const phone = await signedInAs(t, email);
    const laptop = await signIn(email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { origin: t.config.publicUrl, 'content-type': 'application/json', cookie: phone },
      payload: JSON.stringify({ currentPassword: PASSWORD, newPassword: 'quiet-harbour-77' }),
    });
    expect(changed.statusCode).toBe(200);

    // The pages ask who is signed in from the database: the laptop shows signed out at once.
    expect((await get('/api/auth/get-session', laptop)).json()).toBeNull();
    // Sensitive routes read the database too.
    expect((await get('/api/profile/export', laptop)).statusCode).toBe(401);
    // A plain read within the copy's minute still answers (the documented window)...
    expect((await get('/api/profile', laptop)).statusCode).toBe(200);
    // ...and no longer once the copy has expired.
    vi.setSystemTime(Date.now() + (AUTH_LIMITS.sessionCacheSeconds + 1) * 1000);
    expect((await get('/api/profile', laptop)).statusCode).toBe(401);
  });

  it('renews an expired copy from the database on an API request', async () => {
    const email = 'renewed.copy@example.com';
    await signedInAs(t, email);
    const tokenOnly = (await signIn(email))
      .split('; ')
      .find((pair) => pair.startsWith('shop.session_token='))!;
    const response = await get('/api/profile', tokenOnly);
    expect(response.statusCode).toBe(200);
    expect(jarOf(response.headers['set-cookie'])).toContain('shop.session_data=');
  });

  it('an expired copy sent again reads the database once a minute, and a revocation still ends it after that minute', async () => {
    const email = 'stale.copy@example.com';
    const phone = await signedInAs(t, email);
    const stale = (await signIn(email)).split('; ').find((pair) => pair.startsWith('shop.session_token='))!;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    // The first request reads the database and passes a renewed copy on; the same stale cookies
    // again within the minute are answered from that read (issue 37: one read per request before).
    const first = await get('/api/profile', stale);
    expect(first.statusCode).toBe(200);
    expect(jarOf(first.headers['set-cookie'])).toContain('shop.session_data=');
    const again = await get('/api/profile', stale);
    expect(again.statusCode).toBe(200);
    expect(again.headers['set-cookie']).toBeUndefined();
    // The session ended elsewhere: within the minute of the read the stale cookies still open reads
    // (the window of decision 016), after it they do not.
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { origin: t.config.publicUrl, 'content-type': 'application/json', cookie: phone },
      payload: JSON.stringify({ currentPassword: PASSWORD, newPassword: 'quiet-harbour-78' }),
    });
    expect(changed.statusCode).toBe(200);
    expect((await get('/api/profile', stale)).statusCode).toBe(200);
    expect((await get('/api/profile/export', stale)).statusCode).toBe(401);
    vi.setSystemTime(Date.now() + (AUTH_LIMITS.sessionCacheSeconds + 1) * 1000);
    expect((await get('/api/profile', stale)).statusCode).toBe(401);
  });

  it('reading the session writes no rate-limit row; sign-in attempts are still counted', async () => {
    const email = 'page.views@example.com';
    const cookie = await signedInAs(t, email);
    const counted = async () =>
      (await t.database.db.select({ key: rateLimits.key, count: rateLimits.count }).from(rateLimits)).sort(
        (a, b) => a.key.localeCompare(b.key),
      );
    const before = await counted();
    for (let view = 0; view < 5; view++) {
      expect((await get('/api/auth/get-session', cookie)).statusCode).toBe(200);
    }
    expect(await counted()).toEqual(before);
    await signIn(email);
    const signIns = (rows: { key: string; count: number }[]) =>
      rows.find((row) => row.key.endsWith('|/sign-in/email'))?.count ?? 0;
    expect(signIns(await counted())).toBe(signIns(before) + 1);
  });
});
