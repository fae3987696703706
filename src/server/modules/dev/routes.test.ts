import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../adapters/mail/outbox';
import { registerErrorHandler } from '../../plugins/error-handler';
import { devRoutes } from './routes';

let folder: string;
const apps: FastifyInstance[] = [];

async function outboxApp(trustProxy: false | number): Promise<FastifyInstance> {
  // As app.ts passes a number of hops: the socket's peer is hop 0.
  const app = Fastify({
    trustProxy: trustProxy === false ? false : (_address: string, hop: number) => hop < trustProxy,
  });
  registerErrorHandler(app);
  await app.register(devRoutes(folder, { trustsProxy: trustProxy !== false }));
  apps.push(app);
  return app;
}

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
  await createOutboxMailer(folder, 'Cuddle Tales <hello@example.com>').send({
    to: 'ana@example.com',
    subject: 'Confirm your e-mail',
    text: 'Open http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=/ to confirm.',
    html: '<p>Open the link</p>',
  });
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await fs.rm(folder, { recursive: true, force: true });
});

describe('the demo shop outbox', () => {
  it('shows this machine the e-mails with their links as plain text, never cached', async () => {
    const app = await outboxApp(false);
    const page = await app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<h2>Confirm your e-mail</h2>');
    expect(page.body).toContain(
      '<a href="http://localhost:3000/api/auth/verify-email?token=abc&amp;callbackURL=/">',
    );
    const json = await app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '::1' });
    expect(json.json().messages).toEqual([expect.objectContaining({ to: 'ana@example.com' })]);
  });

  it('is a 404 for anyone else, also when a proxy on this machine relays them unannounced', async () => {
    const app = await outboxApp(false);
    for (const request of [
      { remoteAddress: '203.0.113.9', headers: {} },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.9' } },
    ]) {
      for (const url of ['/dev/outbox', '/api/dev/outbox']) {
        const response = await app.inject({ method: 'GET', url, ...request });
        expect(response.statusCode, `${url} ${JSON.stringify(request)}`).toBe(404);
        expect(response.body).not.toContain('verify-email');
      }
    }
  });

  it('behind a trusted proxy, reads the client from the proxy: only a local client gets it', async () => {
    const app = await outboxApp(1);
    const forwardedFor = (client: string) =>
      app.inject({
        method: 'GET',
        url: '/dev/outbox',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
      });
    expect((await forwardedFor('203.0.113.9')).statusCode).toBe(404);
    expect((await forwardedFor('127.0.0.1')).statusCode).toBe(200);
  });
});
