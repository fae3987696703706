import { describe, expect, it } from 'vitest';
import { parsePrinterSettings } from './lulu-config';

const SECRET = 'lulu-client-secret-0123456789SECRET';
const FILE_SECRET = 'f'.repeat(40);

const lulu = (overrides: Record<string, string | undefined> = {}) => ({
  PRINTER: 'lulu',
  LULU_CLIENT_KEY: 'client-key-123',
  LULU_CLIENT_SECRET: SECRET,
  LULU_CONTACT_EMAIL: 'print@cuddletales.ch',
  PRINT_FILE_URL_SECRET: FILE_SECRET,
  PUBLIC_URL: 'https://shop.example.ch',
  ...overrides,
});

describe('parsePrinterSettings', () => {
  it('is the local printer by default, whatever Lulu variables are left over', () => {
    expect(parsePrinterSettings({})).toEqual({ success: true, data: { provider: 'local', lulu: undefined } });
    expect(parsePrinterSettings({ PRINTER: 'local', LULU_CLIENT_KEY: 'x', PRINTER_X: '1' })).toEqual({
      success: true,
      data: { provider: 'local', lulu: undefined },
    });
  });

  it('reads Lulu with its defaults: the sandbox, priority mail, delivered 7 days after shipping', () => {
    expect(parsePrinterSettings(lulu())).toEqual({
      success: true,
      data: {
        provider: 'lulu',
        lulu: {
          apiUrl: 'https://api.sandbox.lulu.com',
          clientKey: 'client-key-123',
          clientSecret: SECRET,
          webhookSecret: SECRET,
          contactEmail: 'print@cuddletales.ch',
          shippingLevel: 'PRIORITY_MAIL',
          deliveredAfterDays: 7,
          printFileUrlSecret: FILE_SECRET,
        },
      },
    });
  });

  it('takes the production URL, a webhook secret of its own, a shipping level and a delay', () => {
    const result = parsePrinterSettings(
      lulu({
        LULU_API_URL: 'https://api.lulu.com/',
        LULU_WEBHOOK_SECRET: 'another-secret',
        LULU_SHIPPING_LEVEL: 'EXPRESS',
        LULU_DELIVERED_AFTER_DAYS: '12',
        LULU_CLIENT_KEY: '  client-key-123  ',
      }),
    );
    expect(result).toMatchObject({
      success: true,
      data: {
        lulu: {
          apiUrl: 'https://api.lulu.com',
          webhookSecret: 'another-secret',
          shippingLevel: 'EXPRESS',
          deliveredAfterDays: 12,
          clientKey: 'client-key-123',
        },
      },
    });
  });

  it('names every missing variable with PRINTER=lulu, and empty counts as missing', () => {
    const result = parsePrinterSettings({ PRINTER: 'lulu', LULU_CLIENT_SECRET: ' ' });
    expect(result).toEqual({
      success: false,
      problems: [
        'LULU_CLIENT_KEY: expected with PRINTER=lulu',
        'LULU_CLIENT_SECRET: expected with PRINTER=lulu',
        'LULU_CONTACT_EMAIL: expected with PRINTER=lulu',
        'PRINT_FILE_URL_SECRET: expected with PRINTER=lulu',
        "PUBLIC_URL: expected with PRINTER=lulu: the shop's public https address, from which Lulu downloads the print files",
      ],
    });
  });

  it('says what a bad value should be, echoing it unless it is a secret', () => {
    const result = parsePrinterSettings(
      lulu({
        PRINTER: 'gelato',
        LULU_API_URL: 'api.lulu.com',
        LULU_SHIPPING_LEVEL: 'fast',
        LULU_DELIVERED_AFTER_DAYS: '-1',
        LULU_CONTACT_EMAIL: 'nobody',
        PRINT_FILE_URL_SECRET: 'short-SECRET-value',
      }),
    );
    expect(result.success).toBe(false);
    const problems = result.success ? [] : result.problems;
    expect(problems).toEqual([
      'PRINTER: expected local or lulu (got "gelato")',
      'LULU_API_URL: expected an http(s) URL such as https://api.sandbox.lulu.com (got "api.lulu.com")',
      'LULU_CONTACT_EMAIL: expected an e-mail address such as orders@example.com (got "nobody")',
      'LULU_SHIPPING_LEVEL: expected one of MAIL, PRIORITY_MAIL, GROUND_HD, GROUND_BUS, GROUND, EXPEDITED, EXPRESS (got "fast")',
      'LULU_DELIVERED_AFTER_DAYS: expected a whole number of days from 0 to 90 (got "-1")',
      'PRINT_FILE_URL_SECRET: expected at least 32 random characters',
    ]);
    expect(problems.join('\n')).not.toContain('SECRET-value');
  });

  it('refuses a public address Lulu cannot reach', () => {
    expect(parsePrinterSettings(lulu({ PUBLIC_URL: 'http://localhost:3000' }))).toEqual({
      success: false,
      problems: [
        'PUBLIC_URL: expected an address Lulu can reach with PRINTER=lulu, not this machine (got "http://localhost:3000")',
      ],
    });
  });

  it('takes a shop on this machine when the print API is on this machine too (a local stand-in)', () => {
    const result = parsePrinterSettings(
      lulu({ PUBLIC_URL: 'http://localhost:3000', LULU_API_URL: 'http://127.0.0.1:4010' }),
    );
    expect(result.success).toBe(true);
  });
});
