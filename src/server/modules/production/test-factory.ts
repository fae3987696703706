import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { TEST_WEBHOOK_SECRET, type TestApp } from '../../../../test/build-test-app';
import { WORKED_EXAMPLE } from '../../../../test/checkout-factory';
import { personalisationOf } from '../../../../test/personalisation-factory';
import type { CopyGiftInput, Order } from '../../../shared/contracts/checkout';
import type { Companion } from '../../../shared/domain/cast';
import type { Language } from '../../../shared/domain/languages';
import { signPayload } from '../../adapters/payments/signature';
import { contentHash } from '../../book/versions';
import { bookInstances, books, bookVersions, jobs } from '../../db/schema';
import { enqueue } from '../../jobs/queue';
import { instanceKeys } from '../../storage-keys';

// Test helpers of the production tests: a paid order as the checkout and the payment webhook
// leave it, and a wait for the book to reach a state.

export type PaidBookOptions = {
  bookType?: 'storybook' | 'coloring';
  language?: Language;
  /** The bilingual edition's second language (issue 32). */
  secondLanguage?: Language;
  coverType?: 'softcover' | 'hardcover';
  grandparentCopies?: { count: number; coverType: 'softcover' | 'hardcover' };
  childName?: string;
  childGender?: 'male' | 'female';
  toyName?: string;
  /** The children beside the lead (issue 35): a cast book. */
  companions?: Companion[];
  dedicationMessage?: string;
  dedicationSignature?: string;
  /** The colour of this book's covers, so that tests can tell books apart by their covers. */
  coverColour?: string;
  email?: string;
  /** Grandparent copies made gifts (issue 18): their own address, dedication or language. */
  copyGifts?: CopyGiftInput[];
  /**
   * false: the book is not drawn (no worker needed); it gets an approved version without pictures,
   * for tests of what comes after the payment that do not print (profile, retention).
   */
  draw?: boolean;
};

/** A small painted-looking cover: a gradient with a disc, as a PNG. */
export async function testCover(colour: string, size = 512): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#fff3d6"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${size / 2}" cy="${size * 0.56}" r="${size * 0.21}" fill="#f6c65b"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A finished wizard's book (both covers stored) for a signed-in user, as the wizard leaves it: a
 * `draft` with its `draw-book` job queued (a worker beside the app draws it).
 */
export async function draftBookOf(
  t: TestApp,
  user: { id: string },
  options: PaidBookOptions = {},
): Promise<{ bookInstanceId: string; heroCover: Buffer; toyCover: Buffer }> {
  const [book] = await t.database.db.select({ id: books.id }).from(books).limit(1);
  const id = crypto.randomUUID();
  const keys = instanceKeys(id);
  const heroCover = await testCover(options.coverColour ?? '#7fb4e6');
  const toyCover = await testCover('#f49ac1');
  await t.storage.put('instances', keys.heroCover, heroCover, { contentType: 'image/png' });
  await t.storage.put('instances', keys.toyCover, toyCover, { contentType: 'image/png' });
  await t.database.db.insert(bookInstances).values({
    id,
    bookId: book!.id,
    themeId: 'guardian-friend',
    bookType: options.bookType ?? 'storybook',
    createdBy: user.id,
    status: 'draft',
    language: options.language ?? 'en',
    wizardMetadata: personalisationOf(id, {
      childName: options.childName ?? 'Emma',
      childGender: options.childGender ?? 'female',
      toyName: options.toyName ?? 'Teddy',
      dedicationMessage: options.dedicationMessage ?? '',
      dedicationSignature: options.dedicationSignature ?? 'Mum and Dad',
      ...(options.secondLanguage ? { secondLanguage: options.secondLanguage } : {}),
      ...(options.companions ? { companions: options.companions } : {}),
    }),
  });
  await enqueue(t.database.db, 'draw-book', { bookInstanceId: id }, { singletonKey: `draw-book:${id}` });
  return { bookInstanceId: id, heroCover, toyCover };
}

/** The parent approves the current version ("This is my book"); answers its number. */
export async function approveBook(t: TestApp, user: { cookie: string }, id: string): Promise<number> {
  const preview = await t.app.inject({
    method: 'GET',
    url: `/api/books/${id}`,
    headers: { cookie: user.cookie },
  });
  const version = preview.json().currentVersion as number;
  const approved = await t.app.inject({
    method: 'POST',
    url: `/api/books/${id}/approve`,
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify({ version }),
  });
  if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.body}`);
  return version;
}

/**
 * A finished wizard's book drawn before paying (a worker must run beside the app), approved,
 * ordered through the checkout and paid through the signed webhook: its `print-book` job queued.
 */
export async function paidBookOf(
  t: TestApp,
  user: { id: string; cookie: string },
  options: PaidBookOptions = {},
): Promise<{ bookInstanceId: string; orderId: string; heroCover: Buffer; toyCover: Buffer }> {
  const { bookInstanceId: id, heroCover, toyCover } = await draftBookOf(t, user, options);
  if (options.draw === false) {
    await t.database.db.delete(jobs).where(eq(jobs.singletonKey, `draw-book:${id}`));
    const texts = {
      childName: options.childName ?? 'Emma',
      toyName: options.toyName ?? 'Teddy',
      dedicationMessage: options.dedicationMessage ?? '',
      dedicationSignature: options.dedicationSignature ?? 'Mum and Dad',
      title: '',
      subtitle: '',
      dedication: { message: '', signature: '' },
      pages: [],
    };
    const [version] = await t.database.db
      .insert(bookVersions)
      .values({ bookInstanceId: id, number: 1, texts, pictures: {}, contentHash: contentHash(texts, {}) })
      .returning({ id: bookVersions.id });
    await t.database.db
      .update(bookInstances)
      .set({ status: 'ready', currentVersionId: version!.id, approvedVersionId: version!.id })
      .where(eq(bookInstances.id, id));
  } else {
    await waitForBook(t, id, ['ready'], 180_000);
    await approveBook(t, user, id);
  }
  return { ...(await payFor(t, user, id, options)), heroCover, toyCover };
}

/** Orders an approved book through the checkout and pays it through the signed webhook. */
export async function payFor(
  t: TestApp,
  user: { cookie: string },
  id: string,
  options: PaidBookOptions = {},
): Promise<{ bookInstanceId: string; orderId: string }> {
  const put = await t.app.inject({
    method: 'PUT',
    url: `/api/checkout/${id}/order`,
    headers: { cookie: user.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify({
      ...WORKED_EXAMPLE,
      coverType: options.coverType ?? WORKED_EXAMPLE.coverType,
      grandparentCopies: options.grandparentCopies ?? WORKED_EXAMPLE.grandparentCopies,
      customer: { ...WORKED_EXAMPLE.customer, email: options.email ?? WORKED_EXAMPLE.customer.email },
      language: options.language ?? 'en',
      ...(options.copyGifts ? { copyGifts: options.copyGifts } : {}),
    }),
  });
  if (put.statusCode !== 200) throw new Error(`order failed: ${put.body}`);
  const order = put.json() as Order;
  const payment = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/payment`,
    headers: { cookie: user.cookie },
  });
  if (payment.statusCode !== 200) throw new Error(`payment failed: ${payment.body}`);
  const sessionId = new URL(payment.json().url).pathname.split('/').at(-1)!;
  const event = {
    id: `evt_production_${id}`,
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: order.quote.total,
        currency: 'chf',
        client_reference_id: order.id,
        metadata: { orderId: order.id },
      },
    },
  };
  const body = JSON.stringify(event);
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signPayload(body, TEST_WEBHOOK_SECRET, event.created),
    },
    payload: body,
  });
  if (paid.json().outcome !== 'paid') throw new Error(`webhook: ${paid.body}`);
  return { bookInstanceId: id, orderId: order.id };
}

/** Waits until `check` answers a value (not undefined), polling; fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  { timeoutMs = 60_000, intervalMs = 50, what = 'the condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Waits until a book reaches one of `statuses`; answers its row. */
export async function waitForBook(
  t: Pick<TestApp, 'database'>,
  bookInstanceId: string,
  statuses: string[],
  timeoutMs = 60_000,
) {
  return waitFor(
    async () => {
      const [row] = await t.database.db
        .select()
        .from(bookInstances)
        .where(eq(bookInstances.id, bookInstanceId));
      return row && statuses.includes(row.status) ? row : undefined;
    },
    { timeoutMs, what: `book ${bookInstanceId} to be ${statuses.join(' or ')}` },
  );
}

/**
 * Mean difference (0..255 a channel) between a front cover picture and the front panel of a
 * softcover sheet of 32 pages (8.5 in trim from 8.875 in across, 0.125 in bleed round it).
 */
export async function frontPanelDifference(front: Buffer, sheet: Buffer): Promise<number> {
  const { width = 0, height = 0 } = await sharp(sheet).metadata();
  const inch = width / (2 * 8.5 + 32 / 444 + 0.06 + 0.25);
  const panel = {
    left: Math.round(width - inch * (8.5 + 0.125)),
    top: Math.round(inch * 0.125),
    width: Math.round(inch * 8.5),
    height: Math.round(inch * 8.5),
  };
  if (height < panel.top + panel.height) throw new Error(`not a softcover sheet: ${width} x ${height}`);
  const [a, b] = await Promise.all([
    sharp(sheet).extract(panel).removeAlpha().raw().toBuffer(),
    sharp(front).resize(panel.width, panel.height).removeAlpha().raw().toBuffer(),
  ]);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}
