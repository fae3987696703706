import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIVE_ENV } from '../../test/live-env';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.isProduction).toBe(false);
  });

  it('draws story pages at print size unless WORKER_PAGE_PIXELS asks for smaller, within 512 to 2625', () => {
    expect(loadConfig({}).worker.pageSize).toBeUndefined();
    expect(loadConfig({ WORKER_PAGE_PIXELS: '1024' }).worker.pageSize).toBe(1024);
    for (const value of ['100', '4000', 'big']) {
      expect(() => loadConfig({ WORKER_PAGE_PIXELS: value })).toThrow(/WORKER_PAGE_PIXELS/);
    }
  });

  it('reads the payment provider, tax rate and account limits, and refuses Stripe without its secrets', () => {
    const defaults = loadConfig({});
    expect(defaults.payments.provider).toBe('local');
    expect(defaults.taxRateOverrideBasisPoints).toBeUndefined();
    expect(defaults.authRateLimits).toEqual({ emailPerMinute: 5, signInPerMinute: 30 });
    expect(loadConfig({ TAX_RATE_BASIS_POINTS: '810', AUTH_EMAILS_PER_MINUTE: '50' })).toMatchObject({
      taxRateOverrideBasisPoints: 810,
      authRateLimits: { emailPerMinute: 50 },
    });
    expect(() => loadConfig({ TAX_RATE_BASIS_POINTS: '7.7' })).toThrow(/TAX_RATE_BASIS_POINTS/);
    let error: unknown;
    try {
      loadConfig({ PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual(['STRIPE_WEBHOOK_SECRET: expected with PAYMENTS=stripe']);
    expect(String((error as ConfigError).message)).not.toContain('sk_test_abc');
  });

  it('keeps files in DATA_DIR by default; STORAGE=s3 reads its bucket, and its problems join the others', () => {
    expect(loadConfig({}).storage).toEqual({ provider: 'local' });
    expect(
      loadConfig({
        STORAGE: 's3',
        S3_BUCKET: 'cuddle-tales',
        S3_ENDPOINT: 'http://localhost:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'minio-user',
        S3_SECRET_ACCESS_KEY: 'minio-secret-123',
      }).storage,
    ).toMatchObject({ provider: 's3', bucket: 'cuddle-tales', forcePathStyle: true, region: 'us-east-1' });
    try {
      loadConfig({ STORAGE: 's3', PORT: 'abc', S3_SECRET_ACCESS_KEY: 'minio-secret-123' });
      expect.unreachable();
    } catch (error) {
      const problems = (error as ConfigError).problems;
      expect(problems.map((problem) => problem.split(':')[0])).toEqual(
        expect.arrayContaining(['PORT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID']),
      );
      expect((error as ConfigError).message).not.toContain('minio-secret-123');
    }
  });

  it('prints locally by default; PRINTER=lulu needs its keys, and names what is missing without echoing secrets', () => {
    expect(loadConfig({}).printer).toMatchObject({ provider: 'local', lulu: undefined });
    try {
      loadConfig({ PRINTER: 'lulu', LULU_CLIENT_SECRET: 'lulu-secret-value' });
      expect.unreachable();
    } catch (error) {
      const names = (error as ConfigError).problems.map((problem) => problem.split(':')[0]);
      expect(names).toEqual(
        expect.arrayContaining(['LULU_CLIENT_KEY', 'LULU_CONTACT_EMAIL', 'PRINT_FILE_URL_SECRET']),
      );
      expect((error as ConfigError).message).not.toContain('lulu-secret-value');
    }
  });

  it('honours PORT and DATA_DIR', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: '/tmp/shop-data' });
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe('/tmp/shop-data');
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('takes a number of trusted proxies or their addresses, and refuses TRUST_PROXY=true', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toBe('10.0.0.1,10.1.0.0/16');
    expect(loadConfig({ TRUST_PROXY: '::1' }).trustProxy).toBe('::1');
    for (const value of ['true', 'yes', '10.0.0.1, example.com', '99']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrowError(
        /TRUST_PROXY: expected the number of proxies in front of the shop/,
      );
    }
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }).port).toBe(3000);
  });

  it.each([['abc'], ['70000'], ['-1'], ['3000.5']])('refuses PORT=%s with a message naming PORT', (value) => {
    expect(() => loadConfig({ PORT: value })).toThrowError(ConfigError);
    expect(() => loadConfig({ PORT: value })).toThrowError(
      /PORT: expected a whole number between 0 and 65535/,
    );
  });

  it('names every bad variable at once and hides a database password', () => {
    try {
      loadConfig({ NODE_ENV: 'staging', DATABASE_URL: 'mysql://root:secret@db/shop' });
      expect.unreachable();
    } catch (error) {
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/^NODE_ENV: expected development, production or test/);
      expect(problems[1]).toMatch(/^DATABASE_URL: expected a PostgreSQL connection URL/);
      expect(problems[1]).not.toContain('secret');
    }
  });

  it('accepts a PostgreSQL URL and strips a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/shop',
      PUBLIC_URL: 'https://shop.example.ch/',
    });
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/shop');
    expect(config.publicUrl).toBe('https://shop.example.ch');
  });

  describe('demo and live shops', () => {
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };

    it('is a demo shop when nothing says otherwise, also in production', () => {
      expect(loadConfig({}).mode).toBe('demo');
      expect(loadConfig({ NODE_ENV: 'production' }).mode).toBe('demo');
      expect(problemsOf({ SHOP_MODE: 'shop' })).toEqual([
        expect.stringMatching(/^SHOP_MODE: expected demo or live/),
      ]);
    });

    it('starts live with real payments, e-mail, printer and address', () => {
      const config = loadConfig(LIVE_ENV);
      expect(config.mode).toBe('live');
      expect(config.payments.provider).toBe('stripe');
      expect(config.printer.provider).toBe('lulu');
    });

    it('refuses to start live on the embedded defaults, naming each missing setting', () => {
      const problems = problemsOf({ SHOP_MODE: 'live' });
      expect(problems.map((problem) => problem.split(':')[0])).toEqual([
        'PAYMENTS',
        'SMTP_URL',
        'PRINTER',
        'PUBLIC_URL',
      ]);
      expect(problems[0]).toBe(
        'PAYMENTS: expected stripe with SHOP_MODE=live (a live shop takes real payments)',
      );
    });

    it('refuses test keys and the printer sandbox in a live shop, and live ones in a demo shop, without echoing secrets', () => {
      const problems = problemsOf({ ...LIVE_ENV, STRIPE_SECRET_KEY: 'sk_test_secret123', LULU_API_URL: '' });
      expect(problems).toEqual([
        'STRIPE_SECRET_KEY: expected a live key (sk_live_…) with SHOP_MODE=live, not a test key',
        'LULU_API_URL: expected https://api.lulu.com with SHOP_MODE=live, not the sandbox, which prints nothing',
      ]);
      expect(problemsOf({ ...LIVE_ENV, SHOP_MODE: 'demo' })).toEqual([
        'STRIPE_SECRET_KEY: a live key takes real payments: expected SHOP_MODE=live with it',
        "LULU_API_URL: Lulu's production API prints real books: expected SHOP_MODE=live with it",
      ]);
      // Issue 34, finding 2: addresses compared as URLs, not strings.
      for (const spelling of [
        'https://API.LULU.COM',
        'https://Api.Lulu.com',
        'https://api.lulu.com:443',
        'https://api.lulu.com.',
        'http://api.lulu.com',
      ]) {
        expect(
          problemsOf({
            ...LIVE_ENV,
            SHOP_MODE: 'demo',
            STRIPE_SECRET_KEY: 'sk_test_abc',
            LULU_API_URL: spelling,
          }),
        ).toEqual(["LULU_API_URL: Lulu's production API prints real books: expected SHOP_MODE=live with it"]);
      }
      expect(loadConfig({ ...LIVE_ENV, LULU_API_URL: 'https://API.lulu.com:443/' }).mode).toBe('live');
      expect(problemsOf({ ...LIVE_ENV, LULU_API_URL: 'https://API.SANDBOX.lulu.com:443' })).toEqual([
        'LULU_API_URL: expected https://api.lulu.com with SHOP_MODE=live, not the sandbox, which prints nothing',
      ]);
      expect(problemsOf({ ...LIVE_ENV, SMTP_URL: '' })).toEqual([
        'SMTP_URL: expected with SHOP_MODE=live (a live shop sends real e-mail, not to the outbox)',
      ]);
    });

    it('refuses, live, a printer that is not Lulu, a public address without https and every test-only setting', () => {
      for (const url of [
        'https://lulu.example.com',
        'http://api.lulu.com',
        'https://api.lulu.com:8443',
        'https://api.lulu.com.evil.example',
      ]) {
        expect(problemsOf({ ...LIVE_ENV, LULU_API_URL: url })).toEqual([
          expect.stringMatching(
            /^LULU_API_URL: expected https:\/\/api\.lulu\.com with SHOP_MODE=live \(Lulu's production API\)/,
          ),
        ]);
      }
      expect(problemsOf({ ...LIVE_ENV, PUBLIC_URL: 'http://shop.example.ch' })).toEqual([
        expect.stringMatching(/^PUBLIC_URL: expected an https address with SHOP_MODE=live/),
      ]);
      const hooks = {
        STRIPE_API_BASE_URL: 'http://127.0.0.1:4010',
        GEMINI_BASE_URL: 'http://127.0.0.1:4011',
        OPENAI_BASE_URL: 'http://127.0.0.1:4012/v1',
        GOOGLE_DISCOVERY_URL: 'http://127.0.0.1:4013/.well-known/openid-configuration',
        MICROSOFT_DISCOVERY_URL: 'http://127.0.0.1:4014/.well-known/openid-configuration',
      };
      expect(problemsOf({ ...LIVE_ENV, ...hooks }).map((problem) => problem.split(':')[0])).toEqual(
        Object.keys(hooks),
      );
      expect(problemsOf({ ...LIVE_ENV, STRIPE_API_BASE_URL: 'https://API.stripe.com:443' })).toEqual([]);
      // A demo shop may point them at its fakes, as the tests do.
      expect(problemsOf({ ...hooks })).toEqual([]);
    });
  });
});
