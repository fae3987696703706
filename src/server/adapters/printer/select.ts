import type { Storage } from '../storage/index';
import type { Printer } from './index';
import { createLocalPrinter, type LocalPrinterOptions } from './local';
import { createLuluPrinter, type LuluPrinterOptions, type PrintFileLinks } from './lulu';
import type { PrinterSettings } from './lulu-config';

/** The printer part of the configuration (config.ts `printer`). */
export type PrinterConfig = PrinterSettings & { shipAfterSeconds: number; deliverAfterSeconds: number };

/**
 * The printer of the configured provider (PRINTER): the embedded local printer, or Lulu's Print
 * API. What a printer needs of the shop comes in as ports (the composition root, services.ts):
 * the local printer's delayed status reports, Lulu's signed file links made with its secret.
 */
export function selectPrinter(
  config: PrinterConfig,
  deps: {
    storage: Storage;
    publicUrl: string;
    scheduleReport: LocalPrinterOptions['scheduleReport'];
    fileLinks: (secret: string) => PrintFileLinks;
    log?: LuluPrinterOptions['log'];
    now?: () => Date;
  },
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
      fileLinks: deps.fileLinks(lulu.printFileUrlSecret),
      ...(deps.log ? { log: deps.log } : {}),
      ...(deps.now ? { now: deps.now } : {}),
    });
  }
  return createLocalPrinter({
    storage: deps.storage,
    publicUrl: deps.publicUrl,
    scheduleReport: deps.scheduleReport,
    shipAfterSeconds: config.shipAfterSeconds,
    deliverAfterSeconds: config.deliverAfterSeconds,
    ...(deps.now ? { now: deps.now } : {}),
  });
}
