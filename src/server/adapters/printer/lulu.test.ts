import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isPermanent } from '../../jobs/errors';
import { printFileRoutes } from '../../modules/print-files/routes';
import { printFileLinks } from '../../modules/print-files/signing';
import { registerErrorHandler } from '../../plugins/error-handler';
import { instanceKeys } from '../../storage-keys';
import type { Storage } from '../storage/index';
import { createLocalStorage } from '../storage/local';
import { type Printer, PrinterError, type PrintSubmission } from './index';
import { createLuluPrinter, LULU_POD_PACKAGES, type LuluPrinterOptions } from './lulu';
import { type FakeLulu, startFakeLulu } from './test-fakes/fake-lulu';

const CLIENT_KEY = 'f2c47f17-9c1f-4efe-b3c1-028a3ee4c3c7';
const CLIENT_SECRET = '3395bde8-0d24-4d47-aa4c-c84c76248dbcSECRET';
const FILE_SECRET = 'print-file-url-secret-0123456789abcdefSECRET';

let dir: string;
let storage: Storage;
let shop: FastifyInstance;
let publicUrl: string;
let fake: FakeLulu;
let log: ReturnType<typeof memoryLog>;

function memoryLog() {
  const entries: { level: string; obj: object; msg: string }[] = [];
  return {
    entries,
    logger: {
      info: (obj: object, msg: string) => entries.push({ level: 'info', obj, msg }),
      warn: (obj: object, msg: string) => entries.push({ level: 'warn', obj, msg }),
    },
    text: () => entries.map((entry) => `${entry.msg} ${JSON.stringify(entry.obj)}`).join('\n'),
  };
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lulu-test-'));
  storage = createLocalStorage(path.join(dir, 'storage'));
  // The shop's side of the downloads: the print-files route on a real port, as Lulu would reach it.
  shop = Fastify({ logger: false });
  shop.setValidatorCompiler(validatorCompiler);
  shop.setSerializerCompiler(serializerCompiler);
  shop.decorate('storage', storage);
  registerErrorHandler(shop);
  await shop.register(printFileRoutes({ secret: FILE_SECRET, now: () => new Date() }), {
    prefix: '/api/print-files',
  });
  publicUrl = (await shop.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
});

afterAll(async () => {
  await shop.close();
  await fs.rm(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  fake = await startFakeLulu({ clientKey: CLIENT_KEY, clientSecret: CLIENT_SECRET });
  log = memoryLog();
});

afterEach(async () => {
  await fake.close();
  // The fake plays the token endpoint and /print-jobs/ only; any other call fails the test.
  expect(fake.unexpected).toEqual([]);
  const logged = log.text();
  for (const secret of [CLIENT_SECRET, FILE_SECRET, basicOf(CLIENT_KEY, CLIENT_SECRET)]) {
    expect(logged).not.toContain(secret);
  }
  expect(logged).not.toMatch(/signature=(?!\[redacted\])/);
});

const basicOf = (key: string, secret: string) => Buffer.from(`${key}:${secret}`).toString('base64');

function printer(overrides: Partial<LuluPrinterOptions> = {}): Printer {
  return createLuluPrinter({
    apiUrl: fake.url,
    clientKey: CLIENT_KEY,
    clientSecret: CLIENT_SECRET,
    contactEmail: 'print@cuddletales.ch',
    shippingLevel: 'PRIORITY_MAIL',
    storage,
    fileLinks: printFileLinks(publicUrl, FILE_SECRET),
    log: log.logger,
    ...overrides,
  });
}

/** An order as production hands it over: a hardcover book and two softcover grandparent copies. */
async function submission(
  overrides: Partial<PrintSubmission> = {},
  options: { store?: boolean } = {},
): Promise<PrintSubmission> {
  const bookInstanceId = overrides.bookInstanceId ?? crypto.randomUUID();
  const pdf = (name: string) => Buffer.from(`%PDF-1.7 ${name} ${bookInstanceId}\n%%EOF`);
  const keys = instanceKeys(bookInstanceId);
  const files = {
    interior: { key: keys.interior, data: pdf('interior') },
    hard: { key: keys.cover, data: pdf('hardcover') },
    soft: { key: keys.extraCover('softcover'), data: pdf('softcover') },
  };
  if (options.store !== false) {
    for (const file of Object.values(files)) await storage.put('instances', file.key, file.data);
  }
  return {
    externalId: crypto.randomUUID(),
    orderNumber: 'BK-1042',
    bookInstanceId,
    title: 'Emma and the Night Guardian',
    pageCount: 32,
    interior: files.interior,
    ticketKey: keys.printTicket,
    shippingLevel: 'standard',
    items: [
      { bookType: 'storybook', coverType: 'hardcover', quantity: 1, cover: files.hard },
      { bookType: 'storybook', coverType: 'softcover', quantity: 2, cover: files.soft },
    ],
    shipTo: {
      name: 'Anna Muster',
      email: 'anna@example.com',
      phone: '+41 79 123 45 67',
      address: 'Hauptstrasse 1',
      city: 'Berlin',
      postalCode: '10115',
      country: 'de',
    },
    ...overrides,
  };
}

const md5 = (data: Uint8Array) => createHash('md5').update(data).digest('hex');

/** A printer error the job queue fails at once (retrying cannot mend it). */
function expectPermanent(error: unknown) {
  expect(error).toBeInstanceOf(PrinterError);
  expect(isPermanent(error)).toBe(true);
}

/** A printer error the job queue tries again later. */
function expectRetryable(error: unknown) {
  expect(error).toBeInstanceOf(PrinterError);
  expect(isPermanent(error)).toBe(false);
}

/** Awaits a rejection, checks it carries no secret, and answers it. */
async function failureOf(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason as Error,
  );
  for (const secret of [CLIENT_SECRET, FILE_SECRET, basicOf(CLIENT_KEY, CLIENT_SECRET)]) {
    expect(error.message).not.toContain(secret);
    expect(inspect(error, { depth: 10 })).not.toContain(secret);
  }
  expect(error.message).not.toMatch(/signature=(?!\[redacted\])/);
  return error;
}

type SentJob = {
  external_id: string;
  contact_email: string;
  shipping_level: string;
  shipping_address: Record<string, string>;
  line_items: {
    external_id: string;
    title: string;
    quantity: number;
    printable_normalization: {
      pod_package_id: string;
      interior: { source_url: string; source_md5_sum: string };
      cover: { source_url: string; source_md5_sum: string };
    };
  }[];
};

const creates = () => fake.requests.filter((request) => request.method === 'POST');
const searches = () => fake.requests.filter((request) => request.method === 'GET');

describe('Lulu printer: the print job', () => {
  it('prints a coloring book as a black-and-white interior on uncoated paper', async () => {
    const order = await submission();
    const items = order.items.map((item) => ({ ...item, bookType: 'coloring' as const }));
    await printer().submit({ ...order, items });
    const sent = creates()[0]!.body as SentJob;
    expect(sent.line_items.map((item) => item.printable_normalization.pod_package_id)).toEqual([
      '0850X0850.BW.STD.CW.060UW444.MXX',
      '0850X0850.BW.STD.PB.060UW444.MXX',
    ]);
  });

  it('asks Lulu for its EXPRESS level when the buyer chose express shipping', async () => {
    await printer().submit(await submission({ shippingLevel: 'express' }));
    expect((creates().at(-1)!.body as SentJob).shipping_level).toBe('EXPRESS');
  });

  it('creates one job per order, one line item per cover type, with signed links Lulu can download', async () => {
    const order = await submission();
    const receipt = await printer().submit(order);

    expect(fake.jobs).toHaveLength(1);
    expect(receipt).toEqual({ printJobId: String(fake.jobs[0]!.id) });
    expect(fake.tokenRequests).toHaveLength(1);
    expect(fake.tokenRequests[0]!.headers.authorization).toBe(`Basic ${basicOf(CLIENT_KEY, CLIENT_SECRET)}`);
    expect(fake.tokenRequests[0]!.body).toEqual({ grant_type: 'client_credentials' });
    // It looked for a job of this order first.
    expect(searches()).toHaveLength(1);
    expect(new URL(searches()[0]!.url, fake.url).searchParams.get('search')).toBe(order.externalId);

    const sent = creates()[0]!.body as SentJob;
    expect(creates()[0]!.headers['content-type']).toBe('application/json');
    expect(sent).toMatchObject({
      external_id: order.externalId,
      contact_email: 'print@cuddletales.ch',
      shipping_level: 'PRIORITY_MAIL',
      shipping_address: {
        name: 'Anna Muster',
        street1: 'Hauptstrasse 1',
        city: 'Berlin',
        postcode: '10115',
        country_code: 'DE',
        phone_number: '+41 79 123 45 67',
        email: 'anna@example.com',
      },
    });
    expect(
      sent.line_items.map((item) => ({
        external_id: item.external_id,
        title: item.title,
        quantity: item.quantity,
        pod: item.printable_normalization.pod_package_id,
      })),
    ).toEqual([
      {
        external_id: `${order.externalId}-hardcover`,
        title: order.title,
        quantity: 1,
        pod: '0850X0850.FC.PRE.CW.080CW444.GXX',
      },
      {
        external_id: `${order.externalId}-softcover`,
        title: order.title,
        quantity: 2,
        pod: '0850X0850.FC.PRE.PB.080CW444.GXX',
      },
    ]);
    expect(LULU_POD_PACKAGES.storybook).toEqual({
      hardcover: '0850X0850.FC.PRE.CW.080CW444.GXX',
      softcover: '0850X0850.FC.PRE.PB.080CW444.GXX',
    });

    // Each link points at the shop, is signed and expiring, and really serves the stored PDF.
    const [hard, soft] = sent.line_items.map((item) => item.printable_normalization);
    const id = order.bookInstanceId;
    expect(new URL(hard!.interior.source_url).pathname).toBe(`/api/print-files/${id}/interior.pdf`);
    expect(new URL(hard!.cover.source_url).pathname).toBe(`/api/print-files/${id}/cover.pdf`);
    expect(new URL(soft!.cover.source_url).pathname).toBe(`/api/print-files/${id}/cover-softcover.pdf`);
    expect(hard!.interior.source_url.startsWith(`${publicUrl}/`)).toBe(true);
    const expires = Number(new URL(hard!.cover.source_url).searchParams.get('expires'));
    expect(expires - Date.now() / 1000).toBeGreaterThan(6 * 86_400);
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(7 * 86_400);
    expect(hard!.interior.source_md5_sum).toBe(md5(order.interior.data));
    expect(hard!.cover.source_md5_sum).toBe(md5(order.items[0]!.cover.data));
    expect(soft!.cover.source_md5_sum).toBe(md5(order.items[1]!.cover.data));
    expect(fake.downloads).toHaveLength(3);
    for (const download of fake.downloads) {
      expect(download).toMatchObject({ status: 200, contentType: 'application/pdf' });
    }
    expect(fake.downloads.map((download) => download.md5).sort()).toEqual(
      [order.interior.data, order.items[0]!.cover.data, order.items[1]!.cover.data].map(md5).sort(),
    );
  });

  it('stores a print file that is not in storage yet before giving its link', async () => {
    const order = await submission({}, { store: false });
    await printer().submit(order);
    expect(fake.downloads.every((download) => download.status === 200)).toBe(true);
    expect((await storage.get('instances', order.interior.key))?.data).toEqual(order.interior.data);
  });

  it('leaves out a phone number Lulu would refuse (Lulu then uses the account phone)', async () => {
    const order = await submission();
    await printer().submit({ ...order, shipTo: { ...order.shipTo, phone: '12' } });
    const sent = creates()[0]!.body as SentJob;
    expect(sent.shipping_address).not.toHaveProperty('phone_number');
  });

  it('sends the state of a US address as Lulu’s state_code, and none elsewhere', async () => {
    const order = await submission();
    await printer().submit({
      ...order,
      externalId: `${order.externalId}-us`,
      shipTo: { ...order.shipTo, country: 'US', region: 'tx', postalCode: '78701', city: 'Austin' },
    });
    const sent = creates()[0]!.body as SentJob;
    expect(sent.shipping_address).toMatchObject({ country_code: 'US', state_code: 'TX', postcode: '78701' });
    await printer().submit({ ...order, externalId: `${order.externalId}-de` });
    expect((creates()[1]!.body as SentJob).shipping_address).not.toHaveProperty('state_code');
  });
});

describe('Lulu printer: the access token', () => {
  it('reuses the token, and fetches a new one shortly before it expires', async () => {
    let clock = Date.parse('2030-01-01T10:00:00Z');
    const lulu = printer({ now: () => new Date(clock) });
    await lulu.submit(await submission());
    await lulu.submit(await submission());
    expect(fake.tokenRequests).toHaveLength(1);
    // The fake's tokens live 3600 s; the printer renews a minute early.
    clock += 3530 * 1000;
    await lulu.submit(await submission());
    expect(fake.tokenRequests).toHaveLength(1);
    clock += 20 * 1000;
    await lulu.submit(await submission());
    expect(fake.tokenRequests).toHaveLength(2);
    const tokens = fake.requests.map((request) => request.headers.authorization);
    expect(new Set(tokens).size).toBe(2);
  });

  it('asks for one token when several submissions start at once', async () => {
    const lulu = printer();
    const orders = await Promise.all([submission(), submission(), submission()]);
    await Promise.all(orders.map((order) => lulu.submit(order)));
    expect(fake.tokenRequests).toHaveLength(1);
    expect(fake.jobs).toHaveLength(3);
  });

  it('replaces a token Lulu no longer accepts, once', async () => {
    const lulu = printer();
    await lulu.submit(await submission());
    fake.revokeTokens();
    await lulu.submit(await submission());
    expect(fake.tokenRequests).toHaveLength(2);
    expect(fake.jobs).toHaveLength(2);
  });

  it('fails for good when Lulu refuses the client key and secret, without showing them', async () => {
    const error = await failureOf(
      printer({ clientSecret: `${CLIENT_SECRET}-wrong` }).submit(await submission()),
    );
    expectPermanent(error);
    expect(error.message).toMatch(/client key and secret.*HTTP 401/);
    expect(fake.jobs).toHaveLength(0);
  });
});

describe('Lulu printer: a second submission of the same order', () => {
  it('answers the first receipt without a second print job', async () => {
    const order = await submission();
    const first = await printer().submit(order);
    // Another process (a restarted worker) knows nothing of the first submission but Lulu's list.
    const again = await printer().submit(order);
    expect(again).toEqual(first);
    expect(fake.jobs).toHaveLength(1);
    expect(creates()).toHaveLength(1);
    expect(log.entries.some((entry) => /already has the print job/.test(entry.msg))).toBe(true);
  });

  it('is recognised after the answer to the first one was lost (the retry after a timeout)', async () => {
    const order = await submission();
    fake.hangNext('create');
    // The job is created at Lulu only once the fake answers; here it never does, so seed it.
    const error = await failureOf(printer({ timeoutMs: 300 }).submit(order));
    expectRetryable(error);
    expect(error.message).toBe('Lulu did not answer in time');
    const created = fake.seedJob({
      external_id: order.externalId,
      line_items: (creates()[0]!.body as SentJob).line_items,
    });
    expect(await printer().submit(order)).toEqual({ printJobId: String(created.id) });
    expect(fake.jobs).toHaveLength(1);
  });

  it('prints again when the earlier job of the order was cancelled or rejected', async () => {
    const order = await submission();
    fake.seedJob({ external_id: order.externalId, line_items: [], status: 'CANCELED' });
    fake.seedJob({ external_id: order.externalId, line_items: [], status: 'REJECTED' });
    // A job whose other fields merely contain the id is not this order's.
    fake.seedJob({ external_id: `${order.externalId}-other`, line_items: [] });
    const receipt = await printer().submit(order);
    expect(fake.jobs).toHaveLength(4);
    expect(receipt).toEqual({ printJobId: String(fake.jobs[3]!.id) });
  });
});

describe('Lulu printer: failures', () => {
  it('fails for good with Lulu’s message when Lulu refuses the job (4xx)', async () => {
    const order = await submission();
    const error = await failureOf(
      printer().submit({ ...order, shipTo: { ...order.shipTo, country: 'Germany' } }),
    );
    expectPermanent(error);
    expect((error as PrinterError).code).toBe('VALIDATION_INVALID_PARAM');
    expect(error.message).toBe(
      'Lulu refused the print job (HTTP 400): shipping_address.country_code: Ensure this field has no more than 2 characters.',
    );
  });

  it('keeps the signatures and secrets Lulu echoes back out of the message and the log', async () => {
    const order = await submission();
    fake.failNext('create', 422, {
      line_items: [
        {
          printable_normalization: {
            cover: [
              `Could not download ${publicUrl}/api/print-files/x/cover.pdf?expires=1&signature=abcDEF123`,
            ],
          },
        },
      ],
      detail_secret: CLIENT_SECRET,
    });
    const error = await failureOf(printer().submit(order));
    expectPermanent(error);
    expect(error.message).toContain('line_items[0].printable_normalization.cover: Could not download');
    expect(error.message).toContain('signature=[redacted]');
    expect(error.message).not.toContain('abcDEF123');
  });

  it.each([
    [500, { detail: 'Internal server error' }],
    [502, '<html>Bad gateway</html>'],
    [503, { detail: 'Service unavailable' }],
    [429, { detail: 'Request was throttled.' }],
  ])('retries later when Lulu answers %i', async (status, body) => {
    fake.failNext('create', status, body);
    const error = await failureOf(printer().submit(await submission()));
    expectRetryable(error);
    expect((error as PrinterError).code).toBe('SERVICE_UNAVAILABLE');
    expect(error.message).toBe(`Lulu failed the print job (HTTP ${status})`);
  });

  it('retries later when the search fails or the token endpoint is down', async () => {
    fake.failNext('list', 503, { detail: 'down' });
    expectRetryable(await failureOf(printer().submit(await submission())));
    fake.failNext('token', 500, { error: 'server_error' });
    expectRetryable(await failureOf(printer().submit(await submission())));
    expect(fake.jobs).toHaveLength(0);
  });

  it('retries later when Lulu cannot be reached', async () => {
    const error = await failureOf(printer({ apiUrl: 'http://127.0.0.1:9' }).submit(await submission()));
    expectRetryable(error);
    expect(error.message).toBe('Lulu could not be reached');
  });

  it('refuses an order without books or address before asking Lulu', async () => {
    const order = await submission();
    const noBooks = await failureOf(printer().submit({ ...order, items: [] }));
    expectPermanent(noBooks);
    const noName = await failureOf(printer().submit({ ...order, shipTo: { ...order.shipTo, name: ' ' } }));
    expect(noName.message).toBe('The shipping address has no name');
    expect(fake.requests).toHaveLength(0);
  });
});
