import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { userIdOf } from '../../../test/checkout-factory';
import { paintedClientDir, paintedState } from '../../../test/painted-client';
import { signedInAs } from '../../../test/signed-in';
import { draftBookOf } from '../modules/production/test-factory';

// Issue 33: the profile `/profile` painted by the server for its signed-in owner only, with their
// own session, never kept for anyone else. A stand-in for `vite build` (test/painted-client.ts).
let t: TestApp;
let owner: { id: string; cookie: string };
let stranger: { cookie: string };

const OWNER_EMAIL = 'painted.profile@example.com';
const CHILD = 'Maëlle';

beforeAll(async () => {
  const clientDir = await paintedClientDir('shop-profile-paint-');
  t = await buildTestApp({ clientDir });
  owner = { cookie: await signedInAs(t, OWNER_EMAIL), id: await userIdOf(t, OWNER_EMAIL) };
  stranger = { cookie: await signedInAs(t, 'painted.profile.stranger@example.com') };
  await draftBookOf(t, owner, { childName: CHILD });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const profile = (headers: Record<string, string> = {}, query = '') =>
  t.app.inject({ method: 'GET', url: `/profile${query}`, headers });

describe('the profile painted by the server', () => {
  it("paints the owner's books signed in, kept by no cache, with no token, waiting for the first interaction", async () => {
    const response = await profile({ cookie: owner.cookie, 'accept-language': 'de-CH' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const html = response.body;
    expect(html).toMatch(/<html [^>]*lang="de"/);
    expect(html).toContain('role="tablist"');
    expect(html).toContain(OWNER_EMAIL);
    expect(html).toContain(CHILD);
    // Nothing left to the browser: no loading line, no placeholder, no "hydrate now".
    expect(html).not.toContain('<!--$!-->');
    expect(html).not.toContain('data-testid="account-placeholder"');
    expect(html).not.toContain('data-hydrate');
    const state = paintedState(html);
    expect(state.language).toBe('de');
    const keys = state.queries.queries.map((query: { queryKey: unknown }) => query.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        ['auth', 'session'],
        ['profile', 'me'],
        ['profile', 'books'],
      ]),
    );
    const token = decodeURIComponent(owner.cookie.split('=')[1] ?? '').split('.')[0];
    expect(token).toBeTruthy();
    expect(html).not.toContain(token);
  });

  it('paints the tab the address names, its code waited for', async () => {
    const orders = (await profile({ cookie: owner.cookie }, '?tab=orders')).body;
    expect(orders).toContain('role="tablist"');
    expect(orders).not.toContain('<!--$!-->');
    expect(
      paintedState(orders).queries.queries.map((query: { queryKey: unknown }) => query.queryKey),
    ).toEqual(expect.arrayContaining([['profile', 'orders']]));
    const data = (await profile({ cookie: owner.cookie }, '?tab=data-controls')).body;
    expect(data).toContain('href="/api/profile/export"');
    expect(data).not.toContain('<!--$!-->');
  });

  it("gives another parent their own profile, with nothing of the owner's", async () => {
    const response = await profile({ cookie: stranger.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('painted.profile.stranger@example.com');
    expect(response.body).not.toContain(OWNER_EMAIL);
    expect(response.body).not.toContain(CHILD);
  });

  it('gives a visitor without a session (or with an ended one) the app shell', async () => {
    const visits: Record<string, string>[] = [{}, { cookie: 'shop.session_token=ended.session' }];
    for (const headers of visits) {
      const response = await profile(headers);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain(OWNER_EMAIL);
      expect(paintedState(response.body)).toBeUndefined();
    }
  });
});
