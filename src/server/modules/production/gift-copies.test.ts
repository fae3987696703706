// Issue 18: grandparent copies as gifts. A copy with its own address is its own print job and
// parcel (its own tracking); a copy with its own dedication or language is printed from its own
// interior PDF; the reader shows a gift copy before it is printed; only the owner sees it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { draftBookOf, userIdOf, WORKED_EXAMPLE } from '../../../../test/checkout-factory';
import { signedInAs } from '../../../../test/signed-in';
import type { BookPreview } from '../../../shared/contracts/book-preview';
import type { Order } from '../../../shared/contracts/checkout';
import { quoteOrder } from '../../../shared/domain/quote';
import { orderCopies } from '../../db/schema';
import { extractText } from '../../print/test-pdf-text';
import { instanceKeys } from '../../storage-keys';
import { activePrices } from '../pricing/prices';
import { frontPanelDifference, paidBookOf, waitFor, waitForBook } from './test-factory';

const GRANDMA = {
  firstName: 'Colette',
  lastName: 'Martin',
  address: '12 rue des Lilas',
  city: 'Lyon',
  postalCode: '69003',
  country: 'FR',
} as const;
const FRENCH_WORDS = { message: 'Pour notre petite Emma, avec tout notre amour', signature: 'Mamie et Papi' };
const AUNT_WORDS = { message: 'For Emma, from far away, with love', signature: 'Aunt Lou' };

type Ticket = {
  externalId: string;
  files: string[];
  items: { coverType: string; quantity: number; cover: string; interior: string; copy?: number }[];
  shipTo: { name: string; city: string; country: string; email: string };
  shippingLevel: string;
};

let t: TestApp;
let user: { id: string; cookie: string };
let other: string;

beforeAll(async () => {
  t = await buildTestApp({ worker: true, printer: { shipAfterSeconds: 1, deliverAfterSeconds: 1 } });
  user = { cookie: await signedInAs(t, 'gift.giver@example.com'), id: '' };
  user.id = await userIdOf(t, 'gift.giver@example.com');
  other = await signedInAs(t, 'someone.else@example.com');
});

afterAll(async () => {
  await t.close();
});

async function ticket(key: string): Promise<Ticket> {
  const object = await t.storage.get('instances', key);
  if (!object) throw new Error(`no ticket ${key}`);
  return JSON.parse(object.data.toString('utf8')) as Ticket;
}

async function pdfText(key: string): Promise<string> {
  const object = await t.storage.get('instances', key);
  if (!object) throw new Error(`no file ${key}`);
  return (await extractText(object.data)).join('\n');
}

describe('grandparent copies as gifts', () => {
  it('prints a copy to its own address as its own job, and a copy with its own words from its own PDF', async () => {
    const { bookInstanceId, orderId } = await paidBookOf(t, user, {
      email: 'gift.giver@example.com',
      // The worked example: hardcover + 2 softcover copies, the buyer in Germany.
      copyGifts: [
        { position: 1, shipTo: GRANDMA, dedication: FRENCH_WORDS, language: 'fr' },
        { position: 2, dedication: AUNT_WORDS },
      ],
    });
    await waitForBook(t, bookInstanceId, ['fulfilled'], 120_000);
    const keys = instanceKeys(bookInstanceId);

    // The order as the buyer sees it: one more parcel, to France, in the price the server charged.
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}`,
      headers: { cookie: user.cookie },
    });
    const order = view.json() as Order;
    const expected = quoteOrder(
      await activePrices(t.database.db),
      { ...WORKED_EXAMPLE, country: 'DE', giftParcels: [{ copy: 1, country: 'FR' }] },
      { taxRateBasisPoints: 770 },
    );
    expect(order.quote.total).toBe(expected.total);
    expect(order.quote.parcels).toEqual([
      { copy: 0, country: 'DE', shipping: 699 },
      { copy: 1, country: 'FR', shipping: 699 },
    ]);
    expect(order.copyGifts.map((gift) => [gift.position, gift.shipTo?.city ?? null, gift.language])).toEqual([
      [1, 'Lyon', 'fr'],
      [2, null, null],
    ]);

    // The receipt shows each parcel's shipping.
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/receipt`,
      headers: { cookie: user.cookie },
    });
    const receiptText = (await extractText(receipt.rawPayload)).join('\n');
    expect(receiptText).toMatch(/Shipping to Germany\s*CHF\s*6\.99/);
    expect(receiptText).toMatch(/Shipping to France\s*CHF\s*6\.99/);

    // The buyer's parcel: the book, and the aunt's copy from its own interior; nothing else.
    const main = await ticket(keys.printTicket);
    expect(main.externalId).toBe(orderId);
    expect(main.shipTo).toMatchObject({ name: 'Anna Muster', city: 'Berlin', country: 'DE' });
    expect(
      main.items.map((item) => [item.coverType, item.quantity, item.interior, item.copy ?? null]),
    ).toEqual([
      ['hardcover', 1, keys.interior, null],
      ['softcover', 1, keys.copyInterior(2), 2],
    ]);
    // Grandma's copy: its own job to Lyon, from its own French interior with her dedication.
    const grandma = await ticket(keys.copyTicket(1));
    expect(grandma.externalId).toBe(`${orderId}-copy-1`);
    expect(grandma.shipTo).toMatchObject({
      name: 'Colette Martin',
      city: 'Lyon',
      country: 'FR',
      email: 'gift.giver@example.com',
    });
    expect(grandma.items).toEqual([
      expect.objectContaining({
        coverType: 'softcover',
        quantity: 1,
        interior: keys.copyInterior(1),
        copy: 1,
      }),
    ]);
    const french = await pdfText(keys.copyInterior(1));
    expect(french).toContain('Pour notre petite Emma');
    expect(french).toContain('Mamie et Papi');
    expect(french).toContain('Le soleil glisse');
    expect(french).not.toContain('The sun slips');
    const aunt = await pdfText(keys.copyInterior(2));
    expect(aunt).toContain('For Emma, from far away');
    expect(aunt).toContain('The sun slips');
    const book = await pdfText(keys.interior);
    expect(book).not.toContain('Mamie et Papi');
    expect(book).not.toContain('Aunt Lou');
    // The French copy's cover speaks French too (the back cover's words).
    expect(await pdfText(keys.copyCover(1))).toContain('Une histoire du soir écrite rien que pour Emma');
    expect(await pdfText(keys.extraCover('softcover'))).not.toContain('Une histoire du soir');

    // The printer reports grandma's parcel shipped, then delivered, apart from the book's.
    const delivered = await waitFor(
      async () => {
        const [copy] = await t.database.db.select().from(orderCopies).where(eq(orderCopies.orderId, orderId));
        return copy?.status === 'delivered' ? copy : undefined;
      },
      { what: "grandma's copy to be delivered", timeoutMs: 30_000 },
    );
    expect(delivered.trackingNumber).toMatch(/^CT\d{10}CH$/);
    expect(delivered.printJobId).toMatch(/^LP-/);
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: { cookie: user.cookie } })
    ).json() as Order;
    expect(after.copyGifts[0]).toMatchObject({ position: 1, status: 'delivered' });
    expect(after.copyGifts[0]?.trackingUrl).toContain(`/order-confirmation/${orderId}`);
    expect(after.copyGifts[1]).toMatchObject({ position: 2, status: 'pending', trackingNumber: null });
  }, 180_000);

  it('shows a gift copy in the reader with its own words and language, to its owner only', async () => {
    const { bookInstanceId } = await paidBookOf(t, user, {
      email: 'gift.giver@example.com',
      copyGifts: [
        {
          position: 2,
          shipTo: { ...GRANDMA, country: 'CH', postalCode: '6900', city: 'Lugano' },
          // Any of the four languages, not only "the other one" (issue 32): nonna reads Italian.
          language: 'it',
        },
      ],
    });
    const read = (cookie: string, copy: number) =>
      t.app.inject({ method: 'GET', url: `/api/books/${bookInstanceId}?copy=${copy}`, headers: { cookie } });
    const response = await read(user.cookie, 2);
    expect(response.statusCode).toBe(200);
    const preview = response.json() as BookPreview;
    expect(preview).toMatchObject({ copy: 2, language: 'it', binding: 'softcover' });
    expect(preview.title).toContain('Guardiano della notte');
    const story = preview.pages.find((page) => page.kind === 'story');
    expect(story?.text).toContain('Il sole scivola');
    expect(story?.images.length).toBeGreaterThan(0);
    expect(preview.pages.every((page) => !page.redrawable)).toBe(true);
    // The book's own dedication is kept as written when the copy has none of its own.
    const book = (
      await t.app.inject({
        method: 'GET',
        url: `/api/books/${bookInstanceId}`,
        headers: { cookie: user.cookie },
      })
    ).json() as BookPreview;
    expect(preview.dedication).toEqual(book.dedication);
    // A copy that is not a gift, and another account, find nothing.
    expect((await read(user.cookie, 1)).statusCode).toBe(404);
    expect((await read(other, 2)).statusCode).toBe(404);
    // The copy's story page carries its own words on the picture, as it prints (issue 31).
    const copyUrl = story!.images.find((image) => image.width === 480)!.url;
    expect(copyUrl).toContain('copy=2');
    const bookUrl = book.pages.find((page) => page.position === story!.position)!.images[0]!.url;
    const image = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    const [copyImage, bookImage] = [await image(copyUrl, user.cookie), await image(bookUrl, user.cookie)];
    expect(copyImage.statusCode).toBe(200);
    expect(copyImage.headers['content-type']).toBe('image/webp');
    expect(copyImage.rawPayload.equals(bookImage.rawPayload)).toBe(false);
    expect((await image(copyUrl, other)).statusCode).toBe(404);
    // The copy's cover sheet carries its own words too (its title in Italian on the front, its blurb).
    const sheet = (copy: string, cookie = user.cookie) =>
      image(`/api/books/${bookInstanceId}/cover-sheet?binding=softcover&w=800${copy}`, cookie);
    const [copySheet, bookSheet] = [await sheet('&copy=2'), await sheet('')];
    expect(copySheet.statusCode).toBe(200);
    expect(copySheet.headers['content-type']).toBe('image/webp');
    expect(copySheet.rawPayload.equals(bookSheet.rawPayload)).toBe(false);
    expect((await sheet('&copy=2', other)).statusCode).toBe(404);
    expect((await sheet('&copy=1')).statusCode).toBe(404);
    // The copy's front cover is its sheet's front (its Italian words), not the book's (issue 31).
    const front = (pages: BookPreview['pages']) => pages[0]!.images.find((entry) => entry.width === 960)!.url;
    expect(front(preview.pages)).toContain('copy=2');
    expect(front(preview.pages)).not.toBe(`${front(book.pages)}&copy=2`);
    const [copyFront, bookFront] = [
      await image(front(preview.pages), user.cookie),
      await image(front(book.pages), user.cookie),
    ];
    expect(copyFront.statusCode).toBe(200);
    expect((await image(front(preview.pages), other)).statusCode).toBe(404);
    const own = await frontPanelDifference(copyFront.rawPayload, copySheet.rawPayload);
    expect(own).toBeLessThan(8);
    expect(await frontPanelDifference(bookFront.rawPayload, copySheet.rawPayload)).toBeGreaterThan(own + 1);
  }, 180_000);

  it('refuses a gift that is not one of the copies, and a gift dedication with emoji, with field errors', async () => {
    const bookInstanceId = await draftBookOf(t, user.id);
    const order = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/checkout/${bookInstanceId}/order`,
        headers: { cookie: user.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...WORKED_EXAMPLE, ...body }),
      });
    const third = await order({ copyGifts: [{ position: 3, shipTo: GRANDMA }] });
    expect(third.statusCode).toBe(400);
    expect(JSON.stringify(third.json())).toContain('copyGifts');
    const emoji = await order({
      copyGifts: [{ position: 1, dedication: { message: 'Love 🎉', signature: '' } }],
    });
    expect(emoji.statusCode).toBe(400);
    const noRegion = await order({ copyGifts: [{ position: 1, shipTo: { ...GRANDMA, country: 'US' } }] });
    expect(noRegion.statusCode).toBe(400);
    // Nothing was saved by the refused requests; a good gift is.
    const good = await order({ copyGifts: [{ position: 1, shipTo: GRANDMA }] });
    expect(good.statusCode).toBe(200);
    expect((good.json() as Order).quote.parcels.map((parcel) => parcel.country)).toEqual(['DE', 'FR']);
  });
});
