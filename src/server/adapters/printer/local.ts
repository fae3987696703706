import { randomInt, randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { enqueue } from '../../jobs/queue';
import type { Storage } from '../storage/index';
import type { Printer, PrintReceipt, PrintSubmission } from './index';

export type LocalPrinterOptions = {
  storage: Storage;
  /** The shop's database: the printer's status reports are delayed jobs of its queue. */
  db: Db;
  /** Where tracking links point: the shop's own order page (no carrier is involved). */
  publicUrl: string;
  shipAfterSeconds: number;
  deliverAfterSeconds: number;
};

type Ticket = PrintReceipt & {
  externalId: string;
  orderNumber: string;
  submittedAt: string;
  pageCount: number;
  files: string[];
  items: { coverType: string; quantity: number; cover: string }[];
  shipTo: PrintSubmission['shipTo'];
};

/** The local printer's job ticket of a book: beside its files. */
export const ticketKey = (bookInstanceId: string) => `${bookInstanceId}/print/print-job.json`;

/**
 * The embedded printer: keeps the print files under `instances/{id}/print/` with a job ticket, then
 * reports the order shipped (tracking number and link) after `shipAfterSeconds` and delivered
 * `deliverAfterSeconds` later, as delayed `print-status` jobs: the same path a print-on-demand
 * webhook would take. The schedule survives restarts because it lives in the queue.
 */
export function createLocalPrinter(options: LocalPrinterOptions): Printer {
  const { storage } = options;
  return {
    kind: 'local',
    async submit(submission) {
      const key = ticketKey(submission.bookInstanceId);
      const existing = await storage.get('instances', key);
      if (existing) {
        const ticket = JSON.parse(existing.data.toString('utf8')) as Ticket;
        if (ticket.externalId === submission.externalId) {
          await schedule(options, submission.externalId);
          return { printJobId: ticket.printJobId };
        }
      }
      const files = [submission.interior, ...submission.items.map((item) => item.cover)];
      for (const file of files) {
        if (!(await storage.exists('instances', file.key))) {
          await storage.put('instances', file.key, file.data, { contentType: 'application/pdf' });
        }
      }
      const ticket: Ticket = {
        printJobId: `LP-${randomUUID()}`,
        externalId: submission.externalId,
        orderNumber: submission.orderNumber,
        submittedAt: new Date().toISOString(),
        pageCount: submission.pageCount,
        files: files.map((file) => file.key),
        items: submission.items.map((item) => ({
          coverType: item.coverType,
          quantity: item.quantity,
          cover: item.cover.key,
        })),
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

/** Queues the two status reports of an order once (singleton keys), whatever the number of calls. */
async function schedule(options: LocalPrinterOptions, orderId: string): Promise<void> {
  const trackingNumber = `CT${String(randomInt(10 ** 9, 10 ** 10))}CH`;
  const shipMs = options.shipAfterSeconds * 1000;
  await enqueue(
    options.db,
    'print-status',
    {
      orderId,
      update: {
        status: 'shipped',
        trackingNumber,
        trackingUrl: `${options.publicUrl}/order-confirmation/${orderId}`,
      },
    },
    { singletonKey: `print-status:${orderId}:shipped`, delayMs: shipMs },
  );
  await enqueue(
    options.db,
    'print-status',
    { orderId, update: { status: 'delivered' } },
    {
      singletonKey: `print-status:${orderId}:delivered`,
      delayMs: shipMs + options.deliverAfterSeconds * 1000,
    },
  );
}
