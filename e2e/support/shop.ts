import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const demo = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

export const uniqueEmail = (name: string) =>
  `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** The newest link e-mailed to an address (the outbox page exists outside production). */
async function linkFromOutbox(page: Page, to: string): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const { messages } = await (await page.request.get('/api/dev/outbox')).json();
      text = (messages as { to: string; text: string }[]).find((message) => message.to === to)?.text ?? '';
      return text !== '';
    })
    .toBe(true);
  return /https?:\/\/\S+/.exec(text)![0];
}

/** A new account, confirmed from its e-mail; the page's cookies then hold its session. */
export async function signUpConfirmed(
  page: Page,
  email: string,
  password = 'moonlit-teddy-42',
  origin = `http://localhost:${process.env.E2E_PORT}`,
): Promise<void> {
  // The shop checks the Origin of account requests, as a browser's form would send it.
  const response = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin },
    data: { email, password, name: email.split('@')[0], callbackURL: '/' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  await page.goto(await linkFromOutbox(page, email));
}

async function square(file: string, size: number): Promise<Buffer> {
  return sharp(path.join(demo, file)).resize(size, size, { fit: 'cover' }).jpeg({ quality: 90 }).toBuffer();
}

/**
 * A finished wizard through the shop's API (real photos, the real local illustrator and photo
 * check), as the five wizard screens would leave it. Answers the draft book instance's id.
 */
export async function finishedWizard(
  page: Page,
  options: {
    childName?: string;
    toyName?: string;
    language?: string;
    /** Stop once step 4 is saved: the journey fills step 5 on screen (answers ''). */
    untilStep5?: boolean;
    /** The lead's gender (default a girl). */
    gender?: 'male' | 'female';
    /** Brothers, sisters or friends beside the lead (issue 35), as wizard step 1 takes them. */
    companions?: readonly Record<string, unknown>[];
  } = {},
) {
  const api = page.request;
  const ok = async (response: Awaited<ReturnType<typeof api.get>>): Promise<Record<string, unknown>> => {
    expect(response.ok(), `${response.url()} ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as Record<string, unknown>;
  };
  await ok(
    await api.post('/api/wizard/session', { data: { themeId: 'guardian-friend', bookType: 'storybook' } }),
  );
  const upload = async (kind: 'child' | 'toy', file: string) =>
    (
      await ok(
        await api.post(`/api/wizard/photos?kind=${kind}`, {
          multipart: {
            file: { name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer: await square(file, 600) },
          },
        }),
      )
    ).photoId as string;
  const child = await upload('child', 'sample2.jpg');
  await ok(
    await api.put('/api/wizard/session/steps/1', {
      data: {
        name: options.childName ?? 'Mia',
        gender: options.gender ?? 'female',
        age: 5,
        picture: child,
        consent: true,
        ...(options.companions ? { companions: options.companions } : {}),
      },
    }),
  );
  const hero = (
    await ok(
      await api.post('/api/wizard/covers', { data: { kind: 'hero', language: options.language ?? 'en' } }),
    )
  ).imageId;
  await ok(await api.put('/api/wizard/session/steps/2', { data: { approved: true, generatedCover: hero } }));
  const toy = await upload('toy', 'sample4.jpg');
  await ok(
    await api.put('/api/wizard/session/steps/3', {
      data: { toyName: options.toyName ?? 'Bunny', toyPicture: toy },
    }),
  );
  const plush = (
    await ok(
      await api.post('/api/wizard/covers', { data: { kind: 'toy', language: options.language ?? 'en' } }),
    )
  ).imageId;
  await ok(
    await api.put('/api/wizard/session/steps/4', { data: { approved: true, generatedToyImage: plush } }),
  );
  if (options.untilStep5) return '';
  await ok(
    await api.put('/api/wizard/session/steps/5', {
      data: { dedicationMessage: 'Sleep tight, little one.', dedicationSignature: 'Mum and Dad' },
    }),
  );
  return (await ok(await api.post('/api/wizard/complete', { data: { language: options.language ?? 'en' } })))
    .bookInstanceId as string;
}

/** Waits until every page of the book is drawn (issue 15: before checkout); answers its preview. */
export async function drawnBook(
  page: Page,
  bookInstanceId: string,
): Promise<{ currentVersion: number; approvedVersion: number | null }> {
  let preview = { status: '', currentVersion: 0, approvedVersion: null as number | null };
  await expect
    .poll(
      async () => {
        preview = await (await page.request.get(`/api/books/${bookInstanceId}`)).json();
        return preview.status;
      },
      // Two journeys draw books at once on two shared cores: a book has taken over 150 s in CI.
      { timeout: 300_000, intervals: [1_000] },
    )
    .toBe('ready');
  return preview;
}

/** "This is my book" through the API, once the book is drawn: checkout pays for an approved book. */
export async function approvedBook(page: Page, bookInstanceId: string): Promise<void> {
  const { currentVersion, approvedVersion } = await drawnBook(page, bookInstanceId);
  if (approvedVersion === currentVersion) return;
  const approve = await page.request.post(`/api/books/${bookInstanceId}/approve`, {
    data: { version: currentVersion },
  });
  expect(approve.ok(), await approve.text()).toBe(true);
}

/** Approves the book and orders it (hardcover, to Zürich) through the API; answers the unpaid order id. */
export async function placedOrder(
  page: Page,
  bookInstanceId: string,
  email = 'anna@example.com',
): Promise<string> {
  await approvedBook(page, bookInstanceId);
  const put = await page.request.put(`/api/checkout/${bookInstanceId}/order`, {
    data: {
      coverType: 'hardcover',
      grandparentCopies: { count: 0, coverType: 'softcover' },
      customer: { firstName: 'Anna', lastName: 'Muster', email, phone: '' },
      shipping: { address: 'Hauptstrasse 1', city: 'Zürich', postalCode: '8001', country: 'CH' },
      language: 'en',
    },
  });
  expect(put.ok(), await put.text()).toBe(true);
  return ((await put.json()) as { id: string }).id;
}

/** Pays an order on the local card page with the test card that succeeds. */
export async function payOrder(page: Page, orderId: string): Promise<void> {
  const payment = await page.request.post(`/api/orders/${orderId}/payment`);
  expect(payment.ok(), await payment.text()).toBe(true);
  const payPath = new URL(((await payment.json()) as { url: string }).url).pathname;
  const paid = await page.request.post(payPath, {
    form: { cardNumber: '4242424242424242', expiry: '12/39', cvc: '123', name: 'Anna Muster' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
}

/**
 * Approves the book, then orders and pays the worked example through the API and the local card
 * page; answers the order id.
 */
export async function paidOrder(page: Page, bookInstanceId: string): Promise<string> {
  const orderId = await placedOrder(page, bookInstanceId);
  await payOrder(page, orderId);
  return orderId;
}
