import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { LIVE_ENV } from '../../test/live-env';

let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  t = await buildTestApp();
  // A stand-in for the Vite build: an index.html and one hashed asset.
  clientDir = path.join(t.dataDir, 'client');
  await fs.mkdir(path.join(clientDir, 'assets'), { recursive: true });
  await fs.writeFile(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  await fs.writeFile(
    path.join(clientDir, 'assets', 'app-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});`,
  );
});

afterAll(async () => {
  await t.close();
});

describe('health and readiness', () => {
  it('says the process is alive', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('says ready when the database answers, naming the driver', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json().database.driver).toBe(process.env.TEST_DB_DRIVER === 'pg' ? 'postgres' : 'pglite');
  });

  it('answers 503 with the error shape when the database does not answer', async () => {
    const broken = await buildTestApp();
    await broken.database.close();
    const response = await broken.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'The database does not answer.' },
    });
    await broken.app.close();
  });
});

describe('API description', () => {
  it('publishes an OpenAPI document generated from the shared schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/ready']));
    expect(document.components.schemas).toHaveProperty('Ready');
    expect(document.components.schemas).toHaveProperty('ErrorResponse');
  });

  it('serves a readable docs page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const page =
      response.statusCode === 302
        ? await t.app.inject({ method: 'GET', url: response.headers.location as string })
        : response;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger');
  });
});

describe('unknown API paths', () => {
  it.each([['/api/nope'], ['/api'], ['/api/health/extra']])('answers %s with a JSON 404', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('answers a POST to an unknown path with a JSON 404 too', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/orders/nope', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('request logging', () => {
  it('writes one line per request, with the path but never the query string', async () => {
    const lines: Record<string, unknown>[] = [];
    // A logger that keeps what it is given, as pino would write it (fields and message).
    const capture = (bindings: object): FastifyBaseLogger => {
      const write = (obj: unknown, msg?: string) =>
        lines.push(
          typeof obj === 'string' ? { ...bindings, msg: obj } : { ...bindings, ...(obj as object), msg },
        );
      return {
        level: 'info',
        info: write,
        warn: write,
        error: write,
        fatal: write,
        debug: write,
        trace: write,
        silent: () => {},
        child: (more: object) => capture({ ...bindings, ...more }),
      } as unknown as FastifyBaseLogger;
    };
    const logger = capture({});
    const logged = await buildTestApp({ logger });
    try {
      await logged.app.inject({ method: 'GET', url: '/api/reminders/stop?token=secret-token-123' });
      const requests = lines.filter((line) => line.msg === 'request');
      expect(requests).toEqual([
        expect.objectContaining({ method: 'GET', path: '/api/reminders/stop', status: expect.any(Number) }),
      ]);
      expect(JSON.stringify(lines)).not.toContain('secret-token-123');
      expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
    } finally {
      await logged.close();
    }
  });
});

describe('security headers', () => {
  it('sends a content security policy and the usual protections', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('are the same on an error as on an API answer', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/nope' });
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'x-content-type-options',
    ]) {
      expect(api.headers[name], name).toBeDefined();
      expect(missing.headers[name], name).toBe(api.headers[name]);
    }
  });
});

describe('the built client', () => {
  let withClient: TestApp;
  beforeAll(async () => {
    withClient = await buildTestApp({ clientDir });
  });
  afterAll(async () => {
    await withClient.close();
  });

  it.each([['/'], ['/themes'], ['/theme/guardian-friend'], ['/profile'], ['/checkout/abc']])(
    'answers the screen %s with index.html, not cached',
    async (url) => {
      const response = await withClient.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('answers an unknown page with index.html and status 404, so the client shows its 404', async () => {
    const response = await withClient.app.inject({ method: 'GET', url: '/nope?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root">');
  });

  it('serves hashed assets compressed and cached for a year', async () => {
    const response = await withClient.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload.length).toBeLessThan(4000);
  });

  it('still answers unknown API paths with JSON', async () => {
    const response = await withClient.app.inject({ method: 'GET', url: '/api/missing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('demo and live shops', () => {
  it('marks every page of a demo shop, and offers its checkout test page', async () => {
    const demo = await buildTestApp({ clientDir });
    try {
      const page = await demo.app.inject({ method: 'GET', url: '/themes' });
      expect(page.statusCode).toBe(200);
      // The local card page, the local illustrator (no review before print), a demo shop.
      expect(page.body).toContain('<html data-payments="local" data-review="off" data-shop-mode="demo">');
      // Tests send e-mail to memory, not to the outbox: there is no outbox to point to.
      expect(page.body).not.toContain('data-outbox');
      expect((await demo.app.inject({ method: 'GET', url: '/api/dev/status' })).statusCode).toBe(200);
    } finally {
      await demo.close();
    }
  });

  it('has no demo mark, checkout test page or outbox in a live shop', async () => {
    const live = await buildTestApp({ clientDir, env: LIVE_ENV });
    try {
      expect(live.config.mode).toBe('live');
      const page = await live.app.inject({ method: 'GET', url: '/' });
      // Stripe's methods may be promised; no demo mark.
      expect(page.body).toContain('data-payments="stripe"');
      expect(page.body).not.toContain('data-shop-mode');
      for (const url of ['/api/dev/status', '/api/dev/book-instances/recent', '/api/dev/outbox']) {
        const response = await live.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
      }
    } finally {
      await live.close();
    }
  });
});
