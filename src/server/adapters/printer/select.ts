import type { Db } from '../../db/client';
import type { Storage } from '../storage/index';
import type { Printer } from './index';
import { createLocalPrinter } from './local';
import { createLuluPrinter, type LuluPrinterOptions } from './lulu';
import type { PrinterSettings } from './lulu-config';

/** The printer part of the configuration (config.ts `printer`). */
export type PrinterConfig = PrinterSettings & { shipAfterSeconds: number; deliverAfterSeconds: number };

/**
 * The printer of the configured provider (PRINTER): the embedded local printer, or Lulu's Print
 * API, whose file links point at `publicUrl` (the server serves them from the same storage).
 */
export function selectPrinter(
  config: PrinterConfig,
  deps: { storage: Storage; db: Db; publicUrl: string; log?: LuluPrinterOptions['log'] },
): Printer {
  if (config.provider === 'lulu') {
    const { lulu } = config;
    return createLuluPrinter({
      apiUrl: lulu.apiUrl,
      clientKey: lulu.clientKey,
      clientSecret: lulu.clientSecret,
      contactEmail: lulu.contactEmail,
      shippingLevel: lulu.shippingLevel,
      storage: deps.storage,
      publicUrl: deps.publicUrl,
      printFileUrlSecret: lulu.printFileUrlSecret,
      ...(deps.log ? { log: deps.log } : {}),
    });
  }
  return createLocalPrinter({
    storage: deps.storage,
    db: deps.db,
    publicUrl: deps.publicUrl,
    shipAfterSeconds: config.shipAfterSeconds,
    deliverAfterSeconds: config.deliverAfterSeconds,
  });
}
