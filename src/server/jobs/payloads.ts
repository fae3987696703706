import { z } from 'zod';
import { DRAWING_QUEUE_NAMES } from '../db/job-queues';

/** The e-mails about an order (public/locales/{language}/emails.json). */
export const ORDER_EMAILS = [
  'orderPaid',
  'sentToPrint',
  'shipped',
  'doubleChargeRefunded',
  'changedOrderRefunded',
  // The operator console (issue 17): part or all of the order given back; the order cancelled.
  'operatorRefunded',
  'orderCancelled',
] as const;
export type OrderEmail = (typeof ORDER_EMAILS)[number];

/** What a printer reports about an order (the local printer's schedule, Lulu's webhook). */
const PrintStatusUpdateSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('shipped'),
    trackingNumber: z.string().min(1),
    trackingUrl: z.string().min(1),
  }),
  z.object({ status: z.literal('delivered') }),
]);
export type PrintStatusUpdate = z.infer<typeof PrintStatusUpdateSchema>;

/**
 * Every queue of the shop and the zod schema of its payload, written once: `enqueue` is typed by
 * the inferred types, and the worker parses each claimed payload with the same schema before its
 * handler (registered at the composition root, src/server/services.ts) sees it.
 */
export const JOB_PAYLOADS = {
  /** The whole book drawn as soon as the wizard completes, before paying (issue 15). */
  'draw-book': z.object({ bookInstanceId: z.uuid() }),
  /** One page drawn again ("draw this page again"), kept as a candidate (book preview). */
  'redraw-page': z.object({ redrawId: z.uuid() }),
  /** A paid book's print files, from exactly its approved version, handed to the printer. */
  'print-book': z.object({ bookInstanceId: z.uuid(), orderId: z.uuid() }),
  /** `refundId` with the refund e-mails: the amount given back. */
  'send-order-email': z.object({
    orderId: z.uuid(),
    email: z.enum(ORDER_EMAILS),
    refundId: z.uuid().optional(),
  }),
  /**
   * The local card page's notification of one page (`event`: its JSON), recorded with the page's
   * outcome and delivered until the shop has it (modules/payments/local-notifications.ts).
   */
  'local-payment-notification': z.object({
    orderId: z.uuid(),
    sessionId: z.string().min(1),
    event: z.string(),
  }),
  /** A charge the order cannot keep (paid twice, or at a stale amount), given back whole. */
  'refund-payment': z.object({ refundId: z.uuid() }),
  /** `copy`: the report is about a gift copy's own print job (issue 18), not the order's. */
  'print-status': z.object({
    orderId: z.uuid(),
    copy: z.number().int().min(1).max(3).optional(),
    update: PrintStatusUpdateSchema,
  }),
  /** The shop is told that the printer will not print an order (Lulu REJECTED, CANCELED, ERROR). */
  'send-shop-alert': z.object({
    to: z.email(),
    orderId: z.uuid(),
    printJobId: z.string(),
    status: z.string(),
    message: z.string().optional(),
  }),
  /** The one "your book is waiting" e-mail of a book approved but not paid (issue 18). */
  'send-book-reminder': z.object({ bookInstanceId: z.uuid() }),
  /** The hourly retention run (docs/product.md privacy promises); `period` is its hour, as the singleton key. */
  retention: z.object({ period: z.string() }),
} as const;

export type QueueName = keyof typeof JOB_PAYLOADS;

/** The queues that draw pictures (src/server/db/job-queues.ts), each checked to be a queue. */
export const DRAWING_QUEUES: readonly QueueName[] = DRAWING_QUEUE_NAMES;
export type JobPayloads = { [Q in QueueName]: z.infer<(typeof JOB_PAYLOADS)[Q]> };
