import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../../adapters/storage/index';
import { createLocalStorage } from '../../adapters/storage/local';
import { registerErrorHandler } from '../../plugins/error-handler';
import { instanceKeys } from '../../storage-keys';
import { printFileRoutes } from './routes';
import { signPrintFileUrl } from './signing';

const SECRET = 'print-file-url-secret-0123456789abcdef';
const PUBLIC_URL = 'https://shop.example.ch';

let dir: string;
let storage: Storage;
let app: FastifyInstance;
let clock = new Date('2030-03-01T12:00:00Z');
const bookId = crypto.randomUUID();
const interior = Buffer.from('%PDF-1.7 interior\n%%EOF');

// app.ts is not this module's to change: the routes are tested on a Fastify of their own with
// the same decorations, compilers and error handler as the shop's.
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'print-files-test-'));
  storage = createLocalStorage(path.join(dir, 'storage'));
  await storage.put('instances', instanceKeys(bookId).interior, interior, {
    contentType: 'application/pdf',
  });
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('storage', storage);
  registerErrorHandler(app);
  await app.register(printFileRoutes({ secret: SECRET, now: () => clock }), { prefix: '/api/print-files' });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** The path and query of a signed link, as the request reaches the shop. */
function signed(key: string, seconds = 3600, secret = SECRET): string {
  const url = new URL(signPrintFileUrl(PUBLIC_URL, secret, key, seconds, clock));
  return `${url.pathname}${url.search}`;
}

describe('GET /api/print-files/:bookInstanceId/:file', () => {
  it('serves the stored PDF through a valid signed link', async () => {
    const url = signed(instanceKeys(bookId).interior);
    expect(url).toMatch(
      new RegExp(`^/api/print-files/${bookId}/interior\\.pdf\\?expires=\\d+&signature=[\\w-]+$`),
    );
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload).toEqual(interior);
    // Some downloaders ask first.
    expect((await app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
  });

  it('refuses an expired link (403)', async () => {
    const url = signed(instanceKeys(bookId).interior, 60);
    clock = new Date(clock.getTime() + 61_000);
    try {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'This link has expired.' } });
    } finally {
      clock = new Date('2030-03-01T12:00:00Z');
    }
  });

  it.each([
    [
      'a changed signature',
      (url: string) => url.replace(/signature=(.)/, (_m, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`),
    ],
    [
      'a later expiry',
      (url: string) => url.replace(/expires=(\d+)/, (_m, n: string) => `expires=${Number(n) + 86_400}`),
    ],
    ['another file of the book', (url: string) => url.replace('interior.pdf', 'cover.pdf')],
    ['another book', (url: string) => url.replace(bookId, crypto.randomUUID())],
    ['no signature', (url: string) => url.split('?')[0]!],
    ['no expiry', (url: string) => url.replace(/expires=\d+&/, '')],
  ])('refuses a link with %s (403), whether or not the file exists', async (_what, tamper) => {
    const response = await app.inject({ method: 'GET', url: tamper(signed(instanceKeys(bookId).interior)) });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
  });

  it('refuses a link signed with another secret (403)', async () => {
    const response = await app.inject({
      method: 'GET',
      url: signed(instanceKeys(bookId).interior, 3600, 'another-secret-0123456789abcdefghij'),
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers 404 for a validly signed file that is not stored', async () => {
    const response = await app.inject({
      method: 'GET',
      url: signed(instanceKeys(bookId).extraCover('hardcover')),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('serves only the print files: any other name is a bad request', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/print-files/${bookId}/book.json?expires=1&signature=x`,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('signPrintFileUrl', () => {
  it('signs only print file keys', () => {
    expect(() => signPrintFileUrl(PUBLIC_URL, SECRET, instanceKeys(bookId).page(1, 'png'), 60)).toThrow(
      /Not a print file key/,
    );
    expect(() =>
      signPrintFileUrl(PUBLIC_URL, SECRET, `${instanceKeys(bookId).printFolder}../input/child.jpg`, 60),
    ).toThrow();
    expect(() => signPrintFileUrl(PUBLIC_URL, '', instanceKeys(bookId).cover, 60)).toThrow(/secret is empty/);
  });

  it('builds the link on the public URL, with or without a trailing slash', () => {
    const a = signPrintFileUrl(
      `${PUBLIC_URL}/`,
      SECRET,
      instanceKeys(bookId).extraCover('softcover'),
      60,
      clock,
    );
    const b = signPrintFileUrl(PUBLIC_URL, SECRET, instanceKeys(bookId).extraCover('softcover'), 60, clock);
    expect(a).toBe(b);
    expect(a.startsWith(`${PUBLIC_URL}/api/print-files/${bookId}/cover-softcover.pdf?expires=`)).toBe(true);
  });
});
