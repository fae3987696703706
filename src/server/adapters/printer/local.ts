import { randomInt, randomUUID } from 'node:crypto';
import type { Storage } from '../storage/index';
import {
  type Printer,
  type PrintReceipt,
  type PrintStatusReport,
  type PrintSubmission,
  parsePrintExternalId,
} from './index';

export type LocalPrinterOptions = {
  storage: Storage;
  /**
   * Delivers a status report of a print job (its external id: an order, or a gift copy's own job)
   * `afterMs` from now, once per job and status however often it is called, and across restarts
   * (the composition root makes it a delayed job of the shop's queue).
   */
  scheduleReport(externalId: string, report: PrintStatusReport, afterMs: number): Promise<void>;
  /** Where tracking links point: the shop's own order page (no carrier is involved). */
  publicUrl: string;
  shipAfterSeconds: number;
  deliverAfterSeconds: number;
  now?: () => Date;
};

type Ticket = PrintReceipt & {
  externalId: string;
  orderNumber: string;
  submittedAt: string;
  pageCount: number;
  files: string[];
  items: {
    bookType: string;
    coverType: string;
    quantity: number;
    cover: string;
    interior: string;
    copy?: number;
  }[];
  shippingLevel: PrintSubmission['shippingLevel'];
  shipTo: PrintSubmission['shipTo'];
};

/**
 * The embedded printer: keeps the print files where the shop stored them, with a job ticket, then
 * reports the order shipped (tracking number and link) after `shipAfterSeconds` and delivered
 * `deliverAfterSeconds` later through `scheduleReport` (delayed `print-status` jobs: the same path
 * a print-on-demand webhook would take, surviving restarts).
 */
export function createLocalPrinter(options: LocalPrinterOptions): Printer {
  const { storage } = options;
  return {
    kind: 'local',
    async submit(submission) {
      const key = submission.ticketKey;
      const existing = await storage.get('instances', key);
      if (existing) {
        const ticket = JSON.parse(existing.data.toString('utf8')) as Ticket;
        if (ticket.externalId === submission.externalId) {
          await schedule(options, submission.externalId);
          return { printJobId: ticket.printJobId };
        }
      }
      const files = [
        submission.interior,
        ...submission.items.flatMap((item) => (item.interior ? [item.interior, item.cover] : [item.cover])),
      ];
      for (const file of files) {
        if (!(await storage.exists('instances', file.key))) {
          await storage.put('instances', file.key, file.data, { contentType: 'application/pdf' });
        }
      }
      const ticket: Ticket = {
        printJobId: `LP-${randomUUID()}`,
        externalId: submission.externalId,
        orderNumber: submission.orderNumber,
        submittedAt: (options.now ?? (() => new Date()))().toISOString(),
        pageCount: submission.pageCount,
        files: files.map((file) => file.key),
        items: submission.items.map((item) => ({
          bookType: item.bookType,
          coverType: item.coverType,
          quantity: item.quantity,
          cover: item.cover.key,
          interior: (item.interior ?? submission.interior).key,
          ...(item.copy ? { copy: item.copy } : {}),
        })),
        shippingLevel: submission.shippingLevel,
        shipTo: submission.shipTo,
      };
      await storage.put('instances', key, Buffer.from(JSON.stringify(ticket, null, 2)), {
        contentType: 'application/json',
      });
      await schedule(options, submission.externalId);
      return { printJobId: ticket.printJobId };
    },
  };
}

/** Asks for the two status reports of a print job (each delivered once, whatever the number of calls). */
async function schedule(options: LocalPrinterOptions, externalId: string): Promise<void> {
  const trackingNumber = `CT${String(randomInt(10 ** 9, 10 ** 10))}CH`;
  const shipMs = options.shipAfterSeconds * 1000;
  const orderId = parsePrintExternalId(externalId)?.orderId ?? externalId;
  const trackingUrl = `${options.publicUrl}/order-confirmation/${orderId}`;
  await options.scheduleReport(externalId, { status: 'shipped', trackingNumber, trackingUrl }, shipMs);
  await options.scheduleReport(
    externalId,
    { status: 'delivered' },
    shipMs + options.deliverAfterSeconds * 1000,
  );
}
