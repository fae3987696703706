import { describe, expect, it } from 'vitest';
import type { Storage } from '../storage/index';
import { parsePrinterSettings } from './lulu-config';
import { selectPrinter } from './select';

const deps = {
  storage: {} as Storage,
  publicUrl: 'https://shop.example.ch',
  scheduleReport: async () => {},
  fileLinks: () => ({ sign: () => '', redact: (text: string) => text }),
};
const timing = { shipAfterSeconds: 60, deliverAfterSeconds: 120 };

describe('selectPrinter', () => {
  it('is the local printer by default', () => {
    const settings = parsePrinterSettings({});
    if (!settings.success) throw new Error(settings.problems.join('\n'));
    expect(selectPrinter({ ...settings.data, ...timing }, deps).kind).toBe('local');
  });

  it('is Lulu with PRINTER=lulu', () => {
    const settings = parsePrinterSettings({
      PRINTER: 'lulu',
      LULU_CLIENT_KEY: 'key',
      LULU_CLIENT_SECRET: 'secret',
      LULU_CONTACT_EMAIL: 'print@example.com',
      PRINT_FILE_URL_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://shop.example.ch',
    });
    if (!settings.success) throw new Error(settings.problems.join('\n'));
    expect(selectPrinter({ ...settings.data, ...timing }, deps).kind).toBe('lulu');
  });
});
