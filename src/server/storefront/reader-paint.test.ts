import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { userIdOf } from '../../../test/checkout-factory';
import { createFakeIllustrator } from '../../../test/fake-illustrator';
import { paintedClientDir, paintedState } from '../../../test/painted-client';
import { signedInAs } from '../../../test/signed-in';
import type { BookPreview } from '../../shared/contracts/book-preview';
import { draftBookOf, waitForBook } from '../modules/production/test-factory';

// Issue 33: the reader `/book/{id}` painted by the server for its signed-in owner only, with their
// own session, never kept for anyone else. A stand-in for `vite build` (test/painted-client.ts).
let t: TestApp;
let owner: { id: string; cookie: string };
let stranger: { cookie: string };
let bookId: string;
let title: string;
let preview: BookPreview;

beforeAll(async () => {
  const clientDir = await paintedClientDir('shop-reader-paint-');
  t = await buildTestApp({ clientDir, illustrator: createFakeIllustrator(), worker: { concurrency: 2 } });
  owner = {
    cookie: await signedInAs(t, 'painted.owner@example.com'),
    id: await userIdOf(t, 'painted.owner@example.com'),
  };
  stranger = { cookie: await signedInAs(t, 'painted.stranger@example.com') };
  ({ bookInstanceId: bookId } = await draftBookOf(t, owner, { childName: 'Maëlle' }));
  await waitForBook(t, bookId, ['ready']);
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/books/${bookId}`,
    headers: { cookie: owner.cookie },
  });
  preview = response.json() as BookPreview;
  title = preview.title;
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const reader = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/book/${bookId}`, headers });

describe('the reader painted by the server', () => {
  it("paints the owner's book signed in, kept by no cache, waiting for the first interaction", async () => {
    const response = await reader({ cookie: owner.cookie, 'accept-language': 'fr-CH' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const html = response.body;
    expect(html).toContain(title);
    expect(html).toContain('data-testid="reader-counter"');
    expect(html).toMatch(/<html [^>]*lang="fr"/);
    // The header is the owner's: the account button, no placeholder, no "hydrate now".
    expect(html).toContain('painted.owner@example.com');
    expect(html).not.toContain('data-testid="account-placeholder"');
    expect(html).not.toContain('data-hydrate');
    // The first page's picture is asked for first, from <head>.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<link rel="preload" as="image"[^>]*fetchPriority="high"/i);
    // …at the screen's size: a phone's page (~380 CSS px) picks the 720 px rendition, not the 960.
    const preload = /<link rel="preload" as="image"[^>]*>/i.exec(head)?.[0] ?? '';
    expect(preload).toMatch(/imageSizes="[^"]*calc\(100vw - 2rem\)"/i);
    const phoneSize = /([^"\s,]+w=720[^"\s,]*) 720w/.exec(preload)?.[1]?.replaceAll('&amp;', '&');
    expect(phoneSize).toBeDefined();
    // The thumbnails and the cover sheet wait for it: their addresses come once it is shown.
    expect(html).toMatch(/<img[^>]*data-defer-src="[^"]*pages\/3\/image/);
    expect(html).toMatch(
      /<img[^>]*data-testid="cover-sheet"[^>]*data-defer-src=|<img[^>]*data-defer-src=[^>]*data-testid="cover-sheet"/,
    );
    const state = paintedState(html);
    expect(state.language).toBe('fr');
    const keys = state.queries.queries.map((query: { queryKey: unknown }) => query.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        ['auth', 'session'],
        ['book', bookId],
      ]),
    );
    // The book handed over is the API's own, its pages' pictures written short in the page.
    const book = state.queries.queries.find((query: { queryKey: unknown[] }) => query.queryKey[0] === 'book')
      .state.data;
    expect(book).toEqual(JSON.parse(JSON.stringify(preview)));
    const written = html.slice(html.indexOf('id="storefront-state"'));
    expect(written).toContain('$pictures');
    expect(written).not.toContain('w=1600');
    // The thumbnails' buttons need the app: no copy of their pictures for a browser without it.
    const strip = html.slice(html.indexOf('<nav'), html.indexOf('</nav>'));
    expect(strip).toMatch(/data-defer-src=/);
    expect(strip).not.toContain('<noscript');
    // The session handed to the app holds who is signed in, never the session's token.
    const token = decodeURIComponent(owner.cookie.split('=')[1] ?? '').split('.')[0];
    expect(token).toBeTruthy();
    expect(html).not.toContain(token);
    // The 720 px cover is the owner's alone, like every rendition.
    const ownCover = await t.app.inject({
      method: 'GET',
      url: phoneSize!,
      headers: { cookie: owner.cookie },
    });
    expect(ownCover.statusCode).toBe(200);
    expect(await sharp(ownCover.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 720 });
    const strangers = await t.app.inject({
      method: 'GET',
      url: phoneSize!,
      headers: { cookie: stranger.cookie },
    });
    expect(strangers.statusCode).toBe(404);
  });

  it("gives another parent the app shell, with nothing of the owner's book", async () => {
    const response = await reader({ cookie: stranger.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain(title);
    expect(response.body).not.toContain('painted.owner@example.com');
    expect(paintedState(response.body)).toBeUndefined();
  });

  it('gives a visitor without a session (or with an ended one) the app shell', async () => {
    const visits: Record<string, string>[] = [{}, { cookie: 'shop.session_token=ended.session' }];
    for (const headers of visits) {
      const response = await reader(headers);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain(title);
    }
  });

  it("paints each visit again: a changed name shows at once, and no one else gets the owner's page", async () => {
    expect(title).toContain('Maëlle');
    const change = await t.app.inject({
      method: 'PATCH',
      url: `/api/books/${bookId}`,
      headers: { cookie: owner.cookie, origin: t.config.publicUrl, 'content-type': 'application/json' },
      payload: JSON.stringify({ childName: 'Noor' }),
    });
    expect(change.statusCode).toBe(200);
    const renamed = (change.json() as BookPreview).title;
    expect(renamed).toContain('Noor');
    expect((await reader({ cookie: owner.cookie })).body).toContain(renamed);
    const other = await reader({ cookie: stranger.cookie });
    expect(other.body).not.toContain(renamed);
    expect(other.body).not.toContain('painted.owner@example.com');
  });
});
