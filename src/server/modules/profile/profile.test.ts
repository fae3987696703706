import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { statementsBuiltDuring } from '../../../../test/built-statements';
import { draftBookOf, userIdOf, WORKED_EXAMPLE } from '../../../../test/checkout-factory';
import { signedInAs } from '../../../../test/signed-in';
import type { Gallery, ProfileBook, ProfileOrder } from '../../../shared/contracts/profile';
import { storyPosition } from '../../../shared/domain/book-pages';
import { queryRows } from '../../db/client';
import {
  bookVersions,
  customers,
  generationLog,
  jobs,
  orderCopies,
  orderItems,
  orders,
  reviews,
  wizardSessionData,
} from '../../db/schema';
import { testCover, waitFor } from '../production/test-factory';
import { fulfilledBookOf, PAGE_COUNT, rowsNaming, wizardUploadOf } from './test-factory';

// The owner has a distinctive name, e-mail and child, so that "no row names them" can be searched.
const OWNER_EMAIL = 'zelda.quistorp@example.com';
const OWNER_CHILD = 'Zebulonia';
const OTHER_EMAIL = 'otto.other@example.com';
const PASSWORD = 'tidy-lantern-42';

let t: TestApp;
let owner: { id: string; cookie: string };
let other: { id: string; cookie: string };
let book: Awaited<ReturnType<typeof fulfilledBookOf>>;
let otherBook: Awaited<ReturnType<typeof fulfilledBookOf>>;
let rendering: Awaited<ReturnType<typeof fulfilledBookOf>>;
let draftId: string;
let upload: { sessionId: string; key: string };

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  t = await buildTestApp();
  const ownerCookie = await signedInAs(t, OWNER_EMAIL, PASSWORD);
  owner = { id: await userIdOf(t, OWNER_EMAIL), cookie: ownerCookie };
  const otherCookie = await signedInAs(t, OTHER_EMAIL, PASSWORD);
  other = { id: await userIdOf(t, OTHER_EMAIL), cookie: otherCookie };
  // The owner checks out with their own e-mail; the other user with the worked example's.
  rendering = await fulfilledBookOf(t, owner, {
    email: OWNER_EMAIL,
    childName: OWNER_CHILD,
    status: 'rendering',
  });
  book = await fulfilledBookOf(t, owner, { email: OWNER_EMAIL, childName: OWNER_CHILD });
  otherBook = await fulfilledBookOf(t, other, { childName: 'Otto junior' });
  draftId = await draftBookOf(t, owner.id, { heroCover: Buffer.from('draft cover') });
  // The drawn book's approved front cover (its version's picture 0), for the cover on My Books.
  const coverKey = `${draftId}/covers/front.png`;
  const coverPng = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 90, b: 60 } },
  })
    .png()
    .toBuffer();
  await t.storage.put('instances', coverKey, coverPng, { contentType: 'image/png' });
  await t.database.db
    .update(bookVersions)
    .set({
      pictures: { '0': { key: coverKey, sha256: createHash('sha256').update(coverPng).digest('hex') } },
    })
    .where(eq(bookVersions.bookInstanceId, draftId));
  upload = await wizardUploadOf(t, owner.id);
  await t.database.db.insert(wizardSessionData).values({
    sessionId: upload.sessionId,
    stepNumber: 1,
    stepType: 'child',
    data: { childName: 'Wilhelmina' },
  });
  await wizardUploadOf(t, other.id);
  await t.database.db.insert(generationLog).values({ sessionId: upload.sessionId, userId: owner.id });
  await t.database.db
    .insert(reviews)
    .values({ userId: owner.id, orderId: book.orderId, rating: 5, text: 'Lovely' });
});

afterAll(async () => {
  await t.close();
});

describe('profile endpoints', () => {
  it('need sign-in', async () => {
    const urls = [
      '/api/profile',
      '/api/profile/books',
      `/api/profile/books/${book.bookInstanceId}/gallery`,
      `/api/profile/books/${book.bookInstanceId}/pdf`,
      `/api/profile/images/${book.imageIds[0]}`,
      '/api/profile/orders',
      `/api/profile/characters/${book.characterId}/photo`,
      '/api/profile/export',
    ];
    for (const url of urls) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
    expect((await t.app.inject({ method: 'DELETE', url: '/api/profile' })).statusCode).toBe(401);
  });

  it('answers the profile header', async () => {
    const response = await get('/api/profile', owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: owner.id,
      email: OWNER_EMAIL,
      name: 'zelda.quistorp',
      image: null,
    });
  });

  it('changes the caller’s own display name, from the shop’s own page only, checked by the shared schema', async () => {
    const rename = (body: unknown, cookie?: string, origin = t.config.publicUrl) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: { origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        payload: JSON.stringify(body),
      });
    expect((await rename({ name: 'Otto' })).statusCode).toBe(401);
    const foreign = await rename({ name: 'Mallory' }, other.cookie, 'https://evil.example');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('FORBIDDEN');
    for (const name of ['   ', 'x'.repeat(81)]) {
      const refused = await rename({ name }, other.cookie);
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().error.code).toMatch(/^VALIDATION_/);
    }

    // Naming another account in the body changes nothing of it: the account is the session's.
    const saved = await rename({ name: '  Otto Beispiel  ', id: owner.id, userId: owner.id }, other.cookie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: other.id, name: 'Otto Beispiel' });
    expect((await get('/api/profile', other.cookie)).json().name).toBe('Otto Beispiel');
    const session = await get('/api/auth/get-session', other.cookie);
    expect(session.json().user.name).toBe('Otto Beispiel');
    const [row] = await queryRows<{ display_name: string }>(
      t.database.db,
      sql`select display_name from profiles where user_id = ${other.id}`,
    );
    expect(row?.display_name).toBe('Otto Beispiel');
    expect((await get('/api/profile', owner.cookie)).json().name).toBe('zelda.quistorp');
  });

  it('lists only the caller’s books, newest first, with pictures and PDF for the fulfilled one', async () => {
    const mine = (await get('/api/profile/books', owner.cookie)).json().books as ProfileBook[];
    expect(mine.map((b) => b.id)).toEqual([draftId, book.bookInstanceId, rendering.bookInstanceId]);
    const fulfilled = mine[1]!;
    expect(fulfilled).toMatchObject({
      status: 'fulfilled',
      childName: OWNER_CHILD,
      imageCount: PAGE_COUNT,
      pdfAvailable: true,
      progressPercentage: 100,
      currentStep: 'all done',
      bookType: 'storybook',
    });
    // The book's own title, as printed on it, with the names of its child and toy.
    expect(fulfilled.title).toBe(`${OWNER_CHILD} and the Night Guardian`);
    expect(mine[0]).toMatchObject({
      status: 'ready',
      // Drawn and approved, not paid: My Books offers "Continue to payment".
      stage: 'approved-unpaid',
      imageCount: 0,
      pdfAvailable: false,
      childName: 'Emma',
      title: 'Emma and the Night Guardian',
    });
    expect(mine[2]).toMatchObject({ status: 'rendering', pdfAvailable: false });
    // The approved front cover, on the owner-only picture route; none while nothing is drawn.
    expect(mine[0]?.coverUrl).toMatch(
      new RegExp(`^/api/books/${draftId}/pages/0/image\\?w=480&v=[0-9a-f]{16}$`),
    );
    expect(mine[2]?.coverUrl).toBeNull();
    const cover = await get(mine[0]!.coverUrl!, owner.cookie);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/webp');
    expect((await get(mine[0]!.coverUrl!, other.cookie)).statusCode).toBe(404);
    const theirs = (await get('/api/profile/books', other.cookie)).json().books as ProfileBook[];
    expect(theirs.map((b) => b.id)).toEqual([otherBook.bookInstanceId]);
  });

  it('reads My Books’ first page by a statement built once: later reads only bind the user (issue 37)', async () => {
    const ids = async (cookie: string) =>
      ((await get('/api/profile/books', cookie)).json().books as ProfileBook[]).map((b) => b.id);
    const before = await ids(owner.cookie);
    const built = await statementsBuiltDuring(t.database.db, async () => {
      // The same statement answers each user with their own books, never the other's.
      expect(await ids(owner.cookie)).toEqual(before);
      expect(await ids(other.cookie)).toEqual([otherBook.bookInstanceId]);
    });
    expect(built.filter((text) => text.includes('from "book_instance"'))).toEqual([]);
  });

  it('shows the gallery of a fulfilled book in page order, to its owner only', async () => {
    const response = await get(`/api/profile/books/${book.bookInstanceId}/gallery`, owner.cookie);
    expect(response.statusCode).toBe(200);
    const gallery = response.json() as Gallery;
    expect(gallery.images.map((image) => image.position)).toEqual([0, 1, 2]);
    expect(gallery.images.map((image) => image.id)).toEqual(book.imageIds);
    expect(gallery.images[0]).toEqual({
      id: book.imageIds[0],
      url: `/api/profile/images/${book.imageIds[0]}`,
      position: 0,
      templateName: 'page-0',
    });
    const stranger = await get(`/api/profile/books/${book.bookInstanceId}/gallery`, other.cookie);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('NOT_FOUND');
  });

  it('refuses the gallery of a book not paid for, and the PDF of a book not yet printed (409)', async () => {
    const refused = [
      [draftId, 'gallery'],
      [draftId, 'pdf'],
      // Paid, its print files not made yet: its pictures are final, its PDF not there yet.
      [rendering.bookInstanceId, 'pdf'],
    ];
    for (const [id, what] of refused) {
      const response = await get(`/api/profile/books/${id}/${what}`, owner.cookie);
      expect(response.statusCode, `${what} of ${id}`).toBe(409);
      expect(response.json().error.code).toBe('JOB_INVALID_STATE');
    }
    const paid = await get(`/api/profile/books/${rendering.bookInstanceId}/gallery`, owner.cookie);
    expect(paid.statusCode).toBe(200);
    expect((paid.json() as Gallery).images).toHaveLength(PAGE_COUNT);
  });

  it('follows a paid book’s order on My Books, where it stands, for its owner only', async () => {
    const mine = (await get('/api/profile/books', owner.cookie)).json().books as ProfileBook[];
    const byId = new Map(mine.map((b) => [b.id, b]));
    expect(byId.get(book.bookInstanceId)).toMatchObject({
      stage: 'paid',
      order: { id: book.orderId, status: 'printing' },
    });
    expect(byId.get(draftId)?.order).toBeNull();
    await t.database.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, book.orderId));
    const again = await get(`/api/profile/books?ids=${book.bookInstanceId}`, owner.cookie);
    expect((again.json().books as ProfileBook[])[0]?.order).toEqual({ id: book.orderId, status: 'shipped' });
    const stranger = await get(`/api/profile/books?ids=${book.bookInstanceId}`, other.cookie);
    expect(stranger.json().books).toEqual([]);
    await t.database.db.update(orders).set({ status: 'printing' }).where(eq(orders.id, book.orderId));
  });

  it('serves the picture the parent approved for a page drawn again, not the first drawing', async () => {
    const redrawn = await testCover('#ffcc00', 32);
    const key = `${book.bookInstanceId}/redraws/page-1.png`;
    await t.storage.put('instances', key, redrawn, { contentType: 'image/png' });
    const [version] = await t.database.db
      .select()
      .from(bookVersions)
      .where(eq(bookVersions.bookInstanceId, book.bookInstanceId));
    const before = version!.pictures;
    const sha256 = createHash('sha256').update(redrawn).digest('hex');
    await t.database.db
      .update(bookVersions)
      .set({ pictures: { ...before, [String(storyPosition(1))]: { key, sha256 } } })
      .where(eq(bookVersions.id, version!.id));
    try {
      const served = await get(`/api/profile/images/${book.imageIds[1]}`, owner.cookie);
      expect(served.rawPayload.equals(redrawn)).toBe(true);
      // The other pages keep their pictures.
      const first = await get(`/api/profile/images/${book.imageIds[2]}`, owner.cookie);
      expect(first.rawPayload.equals(book.pages[2]!)).toBe(true);
    } finally {
      await t.database.db
        .update(bookVersions)
        .set({ pictures: before })
        .where(eq(bookVersions.id, version!.id));
    }
  });

  it('serves a picture privately, as a named download on request, and never to another user', async () => {
    const url = `/api/profile/images/${book.imageIds[1]}`;
    const inline = await get(url, owner.cookie);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('image/png');
    expect(inline.headers['cache-control']).toContain('private');
    expect(inline.rawPayload.equals(book.pages[1]!)).toBe(true);
    const download = await get(`${url}?download=1`, owner.cookie);
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="zebulonia-and-the-night-guardian-page-01\.png"$/,
    );
    expect((await get(url, other.cookie)).statusCode).toBe(404);
    expect((await get(`/api/profile/images/${otherBook.imageIds[0]}`, owner.cookie)).statusCode).toBe(404);
  });

  it('downloads the interior PDF of a fulfilled book', async () => {
    const response = await get(`/api/profile/books/${book.bookInstanceId}/pdf`, owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="zebulonia-and-the-night-guardian.pdf"',
    );
    expect(response.rawPayload.equals(book.interior)).toBe(true);
    expect((await get(`/api/profile/books/${book.bookInstanceId}/pdf`, other.cookie)).statusCode).toBe(404);
  });

  it('lists only the caller’s orders with the child and the review flag', async () => {
    const mine = (await get('/api/profile/orders', owner.cookie)).json().orders as ProfileOrder[];
    expect(mine.map((order) => order.id)).toEqual([book.orderId, rendering.orderId]);
    expect(mine[0]).toMatchObject({
      paymentStatus: 'paid',
      reviewed: true,
      character: {
        id: book.characterId,
        name: OWNER_CHILD,
        photoUrl: `/api/profile/characters/${book.characterId}/photo`,
      },
    });
    expect(mine[1]?.reviewed).toBe(false);
    const theirs = (await get('/api/profile/orders', other.cookie)).json().orders as ProfileOrder[];
    expect(theirs.map((order) => order.id)).toEqual([otherBook.orderId]);
  });

  it('serves the child’s photo to its owner only', async () => {
    const url = `/api/profile/characters/${book.characterId}/photo`;
    const response = await get(url, owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('private');
    expect(response.rawPayload.equals(book.childPhoto)).toBe(true);
    expect((await get(url, other.cookie)).statusCode).toBe(404);
  });

  it('exports the caller’s data as a ZIP with their photos and pictures, nothing of another user', async () => {
    const response = await get('/api/profile/export', owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.zip"$/);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(files);
    const data = JSON.parse(strFromU8(files['data.json']!));
    const [order] = await t.database.db
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(eq(orders.id, book.orderId));
    expect(data.profile).toMatchObject({ id: owner.id, email: OWNER_EMAIL });
    expect(data.orders.map((o: { orderNumber: string }) => o.orderNumber)).toContain(order!.orderNumber);
    expect(data.orders[0].quote.lines.length).toBeGreaterThan(0);
    expect(data.orders[0].shipping.city).toBe('Berlin');
    expect(data.orders[0].review).toMatchObject({ rating: 5 });
    expect(data.books.map((b: { id: string }) => b.id)).toContain(book.bookInstanceId);
    expect(
      data.books.find((b: { id: string }) => b.id === book.bookInstanceId).wizardMetadata.childName,
    ).toBe(OWNER_CHILD);
    const photo = `photos/${book.bookInstanceId}/child_photo.jpg`;
    expect(names).toContain(photo);
    expect(Buffer.from(files[photo]!).equals(book.childPhoto)).toBe(true);
    expect(names).toContain(`pictures/${book.bookInstanceId}/pages/1.png`);
    expect(names).toContain(`pictures/${book.bookInstanceId}/intermediate/hero_cover.png`);
    expect(data.characters.find((c: { id: string }) => c.id === book.characterId).photo).toBe(photo);
    // The wizard still open: the details typed so far and the photo uploaded, not the other user's.
    const wizard = data.wizards.find((w: { id: string }) => w.id === upload.sessionId);
    expect(wizard).toMatchObject({
      status: 'active',
      steps: [{ step: 1, type: 'child', data: { childName: 'Wilhelmina' } }],
      files: [`photos/wizard/${upload.key}`],
    });
    expect(strFromU8(files[`photos/wizard/${upload.key}`]!)).toBe(`upload of ${upload.sessionId}`);
    expect(data.wizards).toHaveLength(1);
    const text = strFromU8(files['data.json']!);
    for (const foreign of [otherBook.bookInstanceId, otherBook.orderId, OTHER_EMAIL, 'Otto junior']) {
      expect(text).not.toContain(foreign);
      expect(names.some((name) => name.includes(foreign))).toBe(false);
    }
  });
});

/** Every file under the test's storage folder, as paths relative to it. */
async function storedFiles(): Promise<string[]> {
  const root = path.join(t.dataDir, 'storage');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

describe('Delete Account', () => {
  it('removes the user, their files and rows, keeps their orders anonymised, and ends sign-in', async () => {
    const signIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: t.config.publicUrl, 'content-type': 'application/json' },
        payload: JSON.stringify({ email: OWNER_EMAIL, password: PASSWORD }),
      });
    expect((await signIn()).statusCode).toBe(200);
    const ownedIds = [book.bookInstanceId, rendering.bookInstanceId, draftId, upload.sessionId];
    const before = await storedFiles();
    for (const id of ownedIds) expect(before.some((file) => file.includes(id))).toBe(true);
    const [amounts] = await t.database.db.select().from(orders).where(eq(orders.id, book.orderId));
    expect(await rowsNaming(t, OWNER_EMAIL)).not.toEqual([]);
    // A gift copy names its recipient and carries the buyer's words (issue 18).
    await t.database.db.insert(orderCopies).values({
      orderId: book.orderId,
      position: 1,
      shipTo: {
        firstName: 'Greta',
        lastName: 'Giftrecipient',
        address: '1 Lindenweg',
        city: 'Giftcity',
        postalCode: '3000',
        region: '',
        country: 'CH',
      },
      dedicationMessage: 'For Zelda, from Granny Giftwords',
      dedicationSignature: 'Granny',
    });
    expect(await rowsNaming(t, 'Giftrecipient')).toEqual(['order_copies']);

    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile',
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(204);
    const cleared = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(cleared.some((cookie) => /^shop\.session_token=;/.test(cookie))).toBe(true);

    // No file of the user is left in storage; the other user's are all there.
    const after = await storedFiles();
    for (const id of ownedIds) expect(after.filter((file) => file.includes(id))).toEqual([]);
    for (const file of before.filter((f) => f.includes(otherBook.bookInstanceId)))
      expect(after).toContain(file);

    // No row names them: not their e-mail, their account name, their child, their address.
    for (const needle of [
      OWNER_EMAIL,
      'zelda.quistorp',
      OWNER_CHILD,
      owner.id,
      'Giftrecipient',
      'Giftcity',
      'Giftwords',
    ]) {
      expect(await rowsNaming(t, needle), needle).toEqual([]);
    }

    // Their orders are kept for accounting, anonymised, with their amounts and items.
    const kept = await t.database.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [book.orderId, rendering.orderId]));
    expect(kept).toHaveLength(2);
    const order = kept.find((row) => row.id === book.orderId)!;
    expect(order).toMatchObject({
      userId: null,
      characterId: null,
      bookInstanceId: null,
      totalAmount: amounts!.totalAmount,
      subtotalAmount: amounts!.subtotalAmount,
      taxAmount: amounts!.taxAmount,
      paymentStatus: 'paid',
      orderNumber: amounts!.orderNumber,
    });
    expect(order.shippingAddress).toEqual({
      firstName: '',
      lastName: '',
      phone: '',
      address: '',
      city: '',
      postalCode: '',
      country: 'DE',
    });
    expect(await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))).not.toEqual(
      [],
    );
    const [customer] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, order.customerId!));
    expect(customer).toMatchObject({ fullName: 'Deleted customer' });
    expect(customer!.email).toMatch(/^deleted-[0-9a-f-]+@invalid$/);
    // Nothing left to produce or to e-mail about the deleted books.
    const queued = await t.database.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.state, 'queued'));
    expect(JSON.stringify(queued)).not.toContain(rendering.bookInstanceId);

    // The other user is untouched, down to the customer row of the same buyer's address they used.
    expect((await get('/api/profile/orders', other.cookie)).json().orders).toHaveLength(1);
    const [otherOrder] = await t.database.db.select().from(orders).where(eq(orders.id, otherBook.orderId));
    const [otherCustomer] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, otherOrder!.customerId!));
    expect(otherCustomer).toMatchObject({
      userId: other.id,
      email: WORKED_EXAMPLE.customer.email,
      fullName: 'Anna Muster',
    });
    expect((await get(`/api/profile/images/${otherBook.imageIds[0]}`, other.cookie)).statusCode).toBe(200);

    // The old session no longer works, and signing in fails.
    expect((await get('/api/profile', owner.cookie)).statusCode).toBe(401);
    const again = await signIn();
    expect(again.statusCode).not.toBe(200);
    expect(again.statusCode).toBeLessThan(500);
  });
});

describe('the data export as it is sent', () => {
  it('streams a large export, and lets an account run one at a time', async () => {
    const email = 'big.export@example.com';
    const cookie = await signedInAs(t, email, PASSWORD);
    const userId = await userIdOf(t, email);
    // A cover bigger than the sockets' buffers: the first download cannot finish while unread.
    const big = randomBytes(24 * 1024 * 1024);
    const bookId = await draftBookOf(t, userId, { heroCover: big });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });

    const first = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(`${address}/api/profile/export`, { headers: { cookie } }, resolve).on('error', reject);
    });
    expect(first.statusCode).toBe(200);
    first.pause();
    // The headers came before the whole file was made: the second asks while the first is sent.
    const second = await get('/api/profile/export', cookie);
    expect(second.statusCode).toBe(429);
    expect(second.json().error.code).toBe('EXPORT_IN_PROGRESS');
    // Another account is not held back.
    expect((await get('/api/profile/export', other.cookie)).statusCode).toBe(200);

    first.destroy();
    const third = await waitFor(
      async () => {
        const response = await get('/api/profile/export', cookie);
        return response.statusCode === 200 ? response : undefined;
      },
      { timeoutMs: 5000, what: 'the export to be free again' },
    );
    const files = unzipSync(new Uint8Array(third.rawPayload));
    expect(Buffer.from(files[`pictures/${bookId}/intermediate/hero_cover.png`]!).equals(big)).toBe(true);
  });
});
