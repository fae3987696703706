import { z } from 'zod';
import type { Illustrator } from '../adapters/illustrator/index';
import type { Mailer } from '../adapters/mail/index';
import type { Printer } from '../adapters/printer/index';
import type { Storage } from '../adapters/storage/index';
import type { Db } from '../db/client';
import { sendShopAlert } from '../modules/printer/shop-alert';
import { sendOrderEmail } from '../modules/production/emails';
import { archiveBook, produceBook } from '../modules/production/pipeline';
import { applyPrintStatus } from '../modules/production/print-status';
import { ORDER_EMAILS } from './queue';
import { nextRetentionTime, runRetention, scheduleRetention } from './retention';
import type { JobDefinitions } from './types';

/** The outside services and settings the jobs use. */
export type JobServices = {
  db: Db;
  storage: Storage;
  illustrator: Illustrator;
  printer: Printer;
  mailer: Mailer;
  publicUrl: string;
  /** The lease of a job and of each spread (renewed at a third of it while working). */
  leaseMs: number;
  /** Pages of one book illustrated at once. */
  pageConcurrency: number;
  /** Pixel size of page pictures (tests ask for small ones). */
  pageSize?: number;
  /** The clock of the retention run (tests move it forward). */
  now?: () => Date;
};

const PrintStatusUpdateSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('shipped'),
    trackingNumber: z.string().min(1),
    trackingUrl: z.string().min(1),
  }),
  z.object({ status: z.literal('delivered') }),
]);

/** Every queue the worker knows: a zod payload and a handler each (STYLE.md: typed jobs). */
export function jobDefinitions(services: JobServices): JobDefinitions {
  return {
    'produce-book': {
      queue: 'produce-book',
      payload: z.object({ bookInstanceId: z.uuid(), orderId: z.uuid() }),
      handle: (payload, context) =>
        produceBook(
          {
            db: services.db,
            storage: services.storage,
            illustrator: services.illustrator,
            printer: services.printer,
            log: context.log,
            // Leases on pages and on finishing are held per run, so two runs in one worker differ.
            workerId: `${context.workerId}/${context.job.id}`,
            leaseMs: services.leaseMs,
            pageConcurrency: services.pageConcurrency,
            signal: context.signal,
            ...(services.pageSize ? { pageSize: services.pageSize } : {}),
          },
          payload,
        ),
      onFinalFailure: (tx, payload) => archiveBook(tx, payload),
    },
    'send-order-email': {
      queue: 'send-order-email',
      payload: z.object({ orderId: z.uuid(), email: z.enum(ORDER_EMAILS) }),
      handle: (payload) =>
        sendOrderEmail({ db: services.db, mailer: services.mailer, publicUrl: services.publicUrl }, payload),
    },
    'send-shop-alert': {
      queue: 'send-shop-alert',
      payload: z.object({
        to: z.email(),
        orderId: z.uuid(),
        printJobId: z.string(),
        status: z.string(),
        message: z.string().optional(),
      }),
      handle: (payload) =>
        sendShopAlert({ db: services.db, mailer: services.mailer, publicUrl: services.publicUrl }, payload),
    },
    'print-status': {
      queue: 'print-status',
      payload: z.object({ orderId: z.uuid(), update: PrintStatusUpdateSchema }),
      handle: (payload) => applyPrintStatus(services.db, payload),
    },
    retention: {
      queue: 'retention',
      payload: z.object({ period: z.string() }),
      handle: async (_payload, context) => {
        const now = services.now ?? (() => new Date());
        // The next hour's run is queued first, so a failing run does not end the schedule.
        await scheduleRetention(services.db, nextRetentionTime(now()));
        await runRetention({ db: services.db, storage: services.storage, log: context.log, now });
      },
    },
  };
}
