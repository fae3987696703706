import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { draftBookOf, userIdOf } from '../../../test/checkout-factory';
import { paintedClientDir, paintedState } from '../../../test/painted-client';
import { signedInAs } from '../../../test/signed-in';

// Issue 33: the checkout's first step `/checkout/{bookId}` painted by the server for the book's
// signed-in owner only, with their own session, never kept (docs/decisions/017-storefront-html.md).
let t: TestApp;
let owner: { cookie: string };
let stranger: { cookie: string };
let bookId: string;

const OWNER_EMAIL = 'painted.checkout@example.com';
const TITLE = 'Emma and the Night Guardian';

beforeAll(async () => {
  const clientDir = await paintedClientDir('shop-checkout-paint-');
  t = await buildTestApp({ clientDir });
  owner = { cookie: await signedInAs(t, OWNER_EMAIL) };
  stranger = { cookie: await signedInAs(t, 'painted.checkout.stranger@example.com') };
  bookId = await draftBookOf(t, await userIdOf(t, OWNER_EMAIL));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const checkout = (headers: Record<string, string> = {}, query = '') =>
  t.app.inject({ method: 'GET', url: `/checkout/${bookId}${query}`, headers });

const isAppShell = (html: string) =>
  html.includes('<div id="root"></div>') && paintedState(html) === undefined;

describe("the checkout's first step painted by the server", () => {
  it("paints the owner's cover and copies signed in, kept by no cache, with no token", async () => {
    const response = await checkout({ cookie: owner.cookie, 'accept-language': 'fr-CH' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const html = response.body;
    expect(html).toMatch(/<html [^>]*lang="fr"/);
    // Step 1's choices, as radio buttons a press before the app is replayed on.
    expect(html).toContain('Couverture rigide');
    expect(html).toMatch(/<input[^>]*type="radio"[^>]*value="hardcover"/);
    expect(html).toContain(TITLE);
    // The front cover is asked for first, from <head>, with a phone's size among its renditions.
    const head = html.slice(0, html.indexOf('</head>'));
    const preload = /<link rel="preload" as="image"[^>]*>/i.exec(head)?.[0] ?? '';
    expect(preload).toMatch(/fetchPriority="high"/i);
    expect(preload).toMatch(/pages\/0\/image\?w=720 720w/);
    // Nothing left to the browser: no skeleton, no placeholder, no "hydrate now".
    expect(html).not.toContain('<!--$!-->');
    expect(html).not.toContain('data-testid="checkout-skeleton"');
    expect(html).not.toContain('data-hydrate');
    const state = paintedState(html);
    expect(state.language).toBe('fr');
    const keys = state.queries.queries.map((query: { queryKey: unknown }) => query.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        ['auth', 'session'],
        ['checkout', bookId],
      ]),
    );
    const token = decodeURIComponent(owner.cookie.split('=')[1] ?? '').split('.')[0];
    expect(token).toBeTruthy();
    expect(html).not.toContain(token);
  });

  it('leaves the address and payment steps, and a return from the payment page, to the app', async () => {
    for (const query of ['?step=2', '?step=3', '?payment_cancelled=true']) {
      const response = await checkout({ cookie: owner.cookie }, query);
      expect(response.statusCode).toBe(200);
      expect(isAppShell(response.body)).toBe(true);
    }
  });

  it("gives another parent, a visitor without a session and an ended session the app shell, with nothing of the owner's", async () => {
    const visits: Record<string, string>[] = [
      { cookie: stranger.cookie },
      {},
      { cookie: 'shop.session_token=ended.session' },
    ];
    for (const headers of visits) {
      const response = await checkout(headers);
      expect(response.statusCode).toBe(200);
      expect(isAppShell(response.body)).toBe(true);
      expect(response.body).not.toContain(TITLE);
      expect(response.body).not.toContain(OWNER_EMAIL);
    }
  });
});
