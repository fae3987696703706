import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { parsePrintExternalId, printExternalId } from '../../adapters/printer/index';
import type { Db } from '../../db/client';
import { orderCopies, orders, printerEvents } from '../../db/schema';
import { AppError } from '../../errors';
import { RetryableJobError } from '../../jobs/errors';
import { enqueue, type PrintStatusUpdate } from '../../jobs/queue';
import { applyPrintStatus } from '../production/print-status';

/** The one topic Lulu sends: the whole print job, each time its status changes. */
const LULU_TOPIC = 'PRINT_JOB_STATUS_CHANGED';

/** What a notification did (answered to Lulu, and handy in tests). */
export type LuluOutcome =
  | 'shipped'
  | 'shipped_later'
  | 'delivered'
  | 'delivered_later'
  | 'duplicate'
  | 'needs_attention'
  | 'awaiting_payment'
  | 'stale'
  | 'unknown_order'
  | 'ignored';

export type LuluWebhookDeps = {
  db: Db;
  /** Lulu signs with the API (client) secret. */
  secret: string;
  /** Lulu reports delivery only for some carriers: the order is marked delivered this long after shipping. */
  deliveredAfterDays: number;
  /** For the tracking link of a parcel without one: the order's own page. */
  publicUrl: string;
  /** Where the shop is told that Lulu will not print an order (LULU_CONTACT_EMAIL); none: logs only. */
  alertEmail?: string | undefined;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Checks `Lulu-HMAC-SHA256`: the HMAC-SHA256 of the raw body keyed with the API secret. Lulu's
 * documentation does not say how the digest is written; hex and base64 of the same 32 bytes are
 * both accepted, compared in constant time.
 */
export function verifyLuluSignature(rawBody: string, header: string | undefined, secret: string): boolean {
  const given = header?.trim();
  if (!given || !secret) return false;
  const expected = createHmac('sha256', secret).update(rawBody, 'utf8').digest();
  const decoded = /^[0-9a-f]{64}$/i.test(given)
    ? Buffer.from(given, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(given)
      ? Buffer.from(given, given.includes('-') || given.includes('_') ? 'base64url' : 'base64')
      : undefined;
  return decoded !== undefined && decoded.length === expected.length && timingSafeEqual(decoded, expected);
}

/** The HMAC header value for a body, as Lulu sends it (hex): for tests and the local fake. */
export function signLuluPayload(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

/** Checks the signature, then parses the body; a badly signed request is refused before anything else. */
export function readLuluNotification(
  deps: LuluWebhookDeps,
  rawBody: string,
  header: string | undefined,
): unknown {
  if (!verifyLuluSignature(rawBody, header, deps.secret)) {
    deps.log.warn({ provider: 'lulu', signed: Boolean(header) }, 'printer notification refused');
    throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'The notification signature is not valid.');
  }
  try {
    return JSON.parse(rawBody) as unknown;
  } catch {
    return undefined;
  }
}

type LineItem = {
  tracking_id?: unknown;
  tracking_urls?: unknown;
  status?: { messages?: { tracking_id?: unknown; tracking_urls?: unknown } | null } | null;
};
type PrintJob = {
  id?: unknown;
  external_id?: unknown;
  status?: { name?: unknown; message?: unknown } | null;
  line_items?: unknown;
};

/**
 * Applies a verified notification. Anything unknown (another topic, a job of no order of ours, an
 * older job of the order) is answered and ignored: Lulu switches a webhook off after five failed
 * deliveries. SHIPPED ships the order with its tracking (and e-mail) through `applyPrintStatus`
 * and schedules the `delivered` report LULU_DELIVERED_AFTER_DAYS later; DELIVERED (reported for
 * some carriers only) delivers it at once. REJECTED, CANCELED and ERROR leave the order as it is
 * for a person, loudly logged: a paid order is not cancelled by the printer. Every effect applies
 * once: the order's state and the jobs' singleton keys make a repeated notification a no-op.
 */
export async function applyLuluNotification(
  deps: LuluWebhookDeps,
  notification: unknown,
): Promise<LuluOutcome> {
  const body = (typeof notification === 'object' && notification !== null ? notification : {}) as {
    topic?: unknown;
    data?: PrintJob | null;
  };
  if (body.topic !== LULU_TOPIC || typeof body.data !== 'object' || body.data === null) {
    deps.log.info({ provider: 'lulu', topic: String(body.topic ?? '') }, 'printer notification ignored');
    return 'ignored';
  }
  const job = body.data;
  const status = typeof job.status?.name === 'string' ? job.status.name : '';
  const printJobId = typeof job.id === 'number' || typeof job.id === 'string' ? String(job.id) : undefined;
  const externalId = typeof job.external_id === 'string' ? job.external_id : '';
  const target = parsePrintExternalId(externalId);
  const orderId = target?.orderId ?? externalId;
  const about = { provider: 'lulu', printJobId, orderId, copy: target?.copy, status };
  if (!target) {
    deps.log.info(about, 'printer notification about no order of the shop');
    return 'unknown_order';
  }
  const [order] = await deps.db
    .select({ status: orders.status, printJobId: orders.printJobId })
    .from(orders)
    .where(eq(orders.id, orderId));
  // A gift copy's own job (issue 18) moves that copy, not the order.
  const [copy] =
    order && target.copy !== undefined
      ? await deps.db
          .select({ status: orderCopies.status, printJobId: orderCopies.printJobId })
          .from(orderCopies)
          .where(and(eq(orderCopies.orderId, orderId), eq(orderCopies.position, target.copy)))
      : [];
  const current = target.copy !== undefined ? copy : order;
  if (!current) {
    deps.log.info(about, 'printer notification about no order of the shop');
    return 'unknown_order';
  }
  // Every report about a shop order is kept for the operator console (the printer's messages).
  const message = typeof job.status?.message === 'string' ? job.status.message.slice(0, 500) : undefined;
  await deps.db.insert(printerEvents).values({
    orderId,
    printJobId: printJobId ?? null,
    status: status.slice(0, 40) || 'UNKNOWN',
    message: message ?? null,
  });
  // A job the order no longer counts on (one cancelled before a resubmission) changes nothing.
  if (current.printJobId && printJobId && current.printJobId !== printJobId) {
    deps.log.info(
      { ...about, currentPrintJobId: current.printJobId },
      'printer notification about an older job',
    );
    return 'stale';
  }

  switch (status) {
    case 'SHIPPED': {
      const duplicate = current.status === 'shipped' || current.status === 'delivered';
      const applied = duplicate
        ? true
        : await applyOrQueue(deps, target, { status: 'shipped', ...tracking(job, deps.publicUrl, orderId) });
      // The fallback delivery report; a second SHIPPED finds it queued already (singleton key).
      await enqueue(
        deps.db,
        'print-status',
        { ...target, update: { status: 'delivered' } },
        { singletonKey: `print-status:${externalId}:delivered`, delayMs: deps.deliveredAfterDays * DAY_MS },
      );
      if (duplicate) return 'duplicate';
      deps.log.info(about, 'order shipped by Lulu');
      return applied ? 'shipped' : 'shipped_later';
    }
    case 'DELIVERED': {
      if (current.status === 'delivered') return 'duplicate';
      const applied = await applyOrQueue(deps, target, { status: 'delivered' });
      return applied ? 'delivered' : 'delivered_later';
    }
    case 'REJECTED':
    case 'CANCELED':
    case 'ERROR': {
      deps.log.error(
        { ...about, orderStatus: current.status, message },
        'Lulu will not print this order: a person must resubmit it or refund it',
      );
      if (deps.alertEmail) {
        await enqueue(
          deps.db,
          'send-shop-alert',
          {
            to: deps.alertEmail,
            orderId,
            printJobId: printJobId ?? '',
            status,
            ...(message ? { message } : {}),
          },
          { singletonKey: `shop-alert:${orderId}:${printJobId ?? ''}:${status}` },
        );
      }
      return 'needs_attention';
    }
    case 'UNPAID':
      deps.log.warn(about, 'Lulu print job waits to be paid (card on file or the Lulu developer portal)');
      return 'awaiting_payment';
    default:
      // CREATED, PAYMENT_IN_PROGRESS, PRODUCTION_DELAYED, PRODUCTION_READY, IN_PRODUCTION: the
      // order is `printing` already.
      return 'ignored';
  }
}

/**
 * Applies a report now; when the order is not ready for it yet (the print job id not recorded yet,
 * or SHIPPED still on its way), hands it to the `print-status` queue, which retries it.
 */
async function applyOrQueue(
  deps: LuluWebhookDeps,
  target: { orderId: string; copy?: number },
  update: PrintStatusUpdate,
): Promise<boolean> {
  const { orderId } = target;
  try {
    await applyPrintStatus(deps.db, { ...target, update });
    return true;
  } catch (error) {
    if (!(error instanceof RetryableJobError)) throw error;
    await enqueue(
      deps.db,
      'print-status',
      { ...target, update },
      { singletonKey: `print-status:${printExternalId(orderId, target.copy)}:${update.status}` },
    );
    deps.log.info(
      { provider: 'lulu', orderId, status: update.status, reason: error.message },
      'printer report queued',
    );
    return false;
  }
}

/**
 * The tracking of a shipped job: its parcels' tracking ids (one per line item, or shared) and the
 * first tracking link. A parcel sent without tracking (MAIL) is named by the print job, and its
 * link is the order's own page, as with the local printer.
 */
function tracking(job: PrintJob, publicUrl: string, orderId: string) {
  const ids = new Set<string>();
  const urls: string[] = [];
  const items = Array.isArray(job.line_items) ? (job.line_items as LineItem[]) : [];
  for (const item of items) {
    for (const source of [item, item?.status?.messages]) {
      if (!source) continue;
      if (typeof source.tracking_id === 'string' && source.tracking_id.trim())
        ids.add(source.tracking_id.trim());
      const links = Array.isArray(source.tracking_urls) ? source.tracking_urls : [source.tracking_urls];
      // Only web links: the link is shown to the customer.
      for (const link of links)
        if (typeof link === 'string' && /^https?:\/\/\S+$/.test(link)) urls.push(link);
    }
  }
  return {
    trackingNumber: ids.size > 0 ? [...ids].join(', ').slice(0, 500) : `Lulu ${String(job.id ?? '')}`.trim(),
    trackingUrl: urls[0] ?? `${publicUrl}/order-confirmation/${orderId}`,
  };
}
