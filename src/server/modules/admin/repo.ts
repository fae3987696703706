import { and, asc, desc, eq, gte, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AdminOrderQuery, AdminOrderRow } from '../../../shared/contracts/admin';
import { AdminOrderQuerySchema } from '../../../shared/contracts/admin';
import { OWN_PAYMENT_REFUND_REASONS } from '../../../shared/domain/statuses';
import { personalisationWithWords } from '../../book/words';
import type { Db } from '../../db/client';
import {
  auditLog,
  bookInstances,
  bookVersions,
  customers,
  jobs,
  orders,
  paymentEvents,
  paymentRefunds,
  printerEvents,
  type StoredAddress,
} from '../../db/schema';
import { AppError } from '../../errors';

/** What the printer says when it will not print a job (Lulu's REJECTED, CANCELED, ERROR). */
export const PRINTER_REFUSALS = ['REJECTED', 'CANCELED', 'ERROR'] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A page's last order, as an opaque cursor: its time and id (keyset pagination). */
function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [time = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(time);
  if (Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new AppError('VALIDATION_INVALID_PARAM', 'The page cursor is not valid.');
  }
  return { createdAt, id };
}

/** `like` pattern of a prefix: the operator's words are matched as they are, % and _ included. */
const prefixPattern = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The words of a name search as a text-search query: each word the start of a word of the name
 * (`ann mus` finds Anna Muster and Muster Anna), read from the GIN index `customer_name_words_idx`
 * (issue 37). Only letters and digits reach the query, so its syntax cannot be injected.
 */
export function nameWordsQuery(q: string): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/** The search box: an order number, an e-mail, or the start of any word of the buyer's name. */
function searchCondition(q: string): SQL {
  if (/^bk-\d+(-\d+)?$/i.test(q)) return eq(orders.orderNumber, q.toUpperCase());
  if (q.includes('@')) {
    return sql`${orders.customerId} in (select ${customers.id} from ${customers} where ${customers.email} = ${q.toLowerCase()})`;
  }
  const words = nameWordsQuery(q);
  if (!words) {
    return sql`${orders.customerId} in (select ${customers.id} from ${customers} where lower(${customers.fullName}) like ${prefixPattern(q)})`;
  }
  // The matching buyers first, as one array (an init plan): the planner cannot tell how many a
  // word finds, and with `in (...)` it walked every order newest first, testing each buyer's name,
  // to find a rare one (issue 37). Their orders are then read from `orders_customer_idx`.
  return sql`${orders.customerId} = any(array(select ${customers.id} from ${customers}
    where to_tsvector('simple', ${customers.fullName}) @@ to_tsquery('simple', ${words})))`;
}

/** The WHERE of the list: every filter is one of the indexed columns (schema.ts, issue 17). */
export function listConditions(query: ReturnType<typeof AdminOrderQuerySchema.parse>): SQL[] {
  const conditions: SQL[] = [];
  if (query.q) conditions.push(searchCondition(query.q));
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.paymentStatus) conditions.push(eq(orders.paymentStatus, query.paymentStatus));
  if (query.country) conditions.push(sql`(${orders.shippingAddress}->>'country') = ${query.country}`);
  if (query.review) conditions.push(eq(orders.printReview, query.review));
  if (query.from) conditions.push(gte(orders.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(orders.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)));
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    conditions.push(sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}, ${after.id})`);
  }
  return conditions;
}

const rowColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  shippingAddress: orders.shippingAddress,
  total: orders.totalAmount,
  currency: orders.currency,
  heldAt: orders.heldAt,
  createdAt: orders.createdAt,
  email: customers.email,
};

type ListedRow = {
  id: string;
  orderNumber: string;
  status: AdminOrderRow['status'];
  paymentStatus: AdminOrderRow['paymentStatus'];
  shippingAddress: Partial<StoredAddress> | null;
  total: number;
  currency: string;
  heldAt: Date | null;
  createdAt: Date;
  email: string | null;
};

function toRow(row: ListedRow): AdminOrderRow {
  const address = row.shippingAddress ?? {};
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    email: row.email ?? '',
    name: [address.firstName, address.lastName].filter(Boolean).join(' '),
    status: row.status,
    paymentStatus: row.paymentStatus,
    country: address.country ?? null,
    total: row.total,
    currency: row.currency,
    held: row.heldAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One page of orders, newest first, and the cursor of the next page (null on the last). */
export async function listOrders(db: Db, input: AdminOrderQuery) {
  const query = AdminOrderQuerySchema.parse(input);
  const rows = await db
    .select(rowColumns)
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(and(...listConditions(query)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    orders: page.map(toRow),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

/** The same list query as SQL text, for EXPLAIN in the tests and the bench. */
export function listOrdersSql(db: Db, input: AdminOrderQuery) {
  const query = AdminOrderQuerySchema.parse(input);
  return db
    .select(rowColumns)
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(and(...listConditions(query)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit + 1)
    .toSQL();
}

/** The customer's other orders: same account or same e-mail, newest first. */
export async function otherOrders(
  db: Db,
  order: { id: string; userId: string | null; customerId: string | null },
) {
  const sameEmail = order.customerId
    ? sql`${orders.customerId} in (select c2.id from ${customers} c1 join ${customers} c2 on c2.email = c1.email where c1.id = ${order.customerId})`
    : undefined;
  const sameAccount = order.userId ? eq(orders.userId, order.userId) : undefined;
  if (!sameEmail && !sameAccount) return [];
  const rows = await db
    .select(rowColumns)
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(and(sql`${orders.id} <> ${order.id}`, or(sameEmail, sameAccount)))
    .orderBy(desc(orders.createdAt))
    .limit(20);
  return rows.map(toRow);
}

/** Everything recorded about an order besides the order itself. */
export async function orderRecords(db: Db, order: typeof orders.$inferSelect) {
  const refunds = await db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.orderId, order.id))
    .orderBy(asc(paymentRefunds.createdAt));
  const singletonKeys = [
    ...(order.bookInstanceId ? [`draw-book:${order.bookInstanceId}`] : []),
    ...refunds.map((refund) => `refund:${refund.id}`),
  ];
  const [events, printer, audit, orderJobs, instance] = await Promise.all([
    db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, order.id))
      .orderBy(asc(paymentEvents.receivedAt)),
    db
      .select()
      .from(printerEvents)
      .where(eq(printerEvents.orderId, order.id))
      .orderBy(asc(printerEvents.receivedAt)),
    db.select().from(auditLog).where(eq(auditLog.orderId, order.id)).orderBy(asc(auditLog.createdAt)),
    db
      .select()
      .from(jobs)
      .where(
        or(
          sql`(${jobs.payload}->>'orderId') = ${order.id}`,
          singletonKeys.length > 0 ? inArray(jobs.singletonKey, singletonKeys) : undefined,
        ),
      )
      .orderBy(asc(jobs.createdAt)),
    order.bookInstanceId
      ? db
          .select({
            id: bookInstances.id,
            status: bookInstances.status,
            bookType: bookInstances.bookType,
            themeId: bookInstances.themeId,
            language: bookInstances.language,
            wizardMetadata: personalisationWithWords(),
          })
          .from(bookInstances)
          .where(eq(bookInstances.id, order.bookInstanceId))
      : Promise.resolve([]),
  ]);
  const versions = order.bookInstanceId
    ? await db
        .select({
          id: bookVersions.id,
          number: bookVersions.number,
          approvedAt: bookVersions.approvedAt,
          createdAt: bookVersions.createdAt,
        })
        .from(bookVersions)
        .where(eq(bookVersions.bookInstanceId, order.bookInstanceId))
        .orderBy(asc(bookVersions.number))
    : [];
  return { refunds, events, printer, audit, jobs: orderJobs, instance: instance[0], versions };
}

/** Cents an operator may still give back: what was paid, less operator refunds asked or made. */
export async function refundableAmount(db: Db, order: typeof orders.$inferSelect): Promise<number> {
  if (!['paid', 'refunded'].includes(order.paymentStatus)) return 0;
  const [row] = await db
    .select({ asked: sql<string>`coalesce(sum(${paymentRefunds.amount}), 0)` })
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.orderId, order.id),
        inArray(paymentRefunds.reason, OWN_PAYMENT_REFUND_REASONS),
        inArray(paymentRefunds.status, ['pending', 'refunded']),
      ),
    );
  return Math.max(0, order.totalAmount - Number(row?.asked ?? 0));
}

/** Whether the printer refused the order's current print job (its last word on that job). */
export function printRefused(
  order: { printJobId: string | null },
  events: { printJobId: string | null; status: string }[],
) {
  if (!order.printJobId) return false;
  const last = events.filter((event) => event.printJobId === order.printJobId).at(-1);
  return last ? (PRINTER_REFUSALS as readonly string[]).includes(last.status) : false;
}

/**
 * The statements of the overview (issue 37: each reads an index, so the overview takes the same
 * time with 1,000 or 100,000 orders; `overview-plan.test.ts` reads their plans).
 */
export function overviewQueries(db: Db, now: Date) {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekStart = new Date(dayStart.getTime() - 6 * DAY_MS);
  const count = sql<string>`count(*)`;
  const refusals = sql.join(
    PRINTER_REFUSALS.map((status) => sql`${status}`),
    sql`, `,
  );
  return {
    failedJobs: db.select({ n: count }).from(jobs).where(eq(jobs.state, 'failed')),
    heldOrders: db.select({ n: count }).from(orders).where(isNotNull(orders.heldAt)),
    awaitingReview: db.select({ n: count }).from(orders).where(eq(orders.printReview, 'waiting')),
    // The orders being printed whose job's last word from the printer is a refusal, read from the
    // refusals (`printer_events_refused_idx`: few, however many orders there are), each checked to
    // be its job's last event and the order's current job.
    rejectedPrintJobs: db
      .select({ n: sql<string>`count(distinct ${orders.id})` })
      .from(printerEvents)
      .innerJoin(
        orders,
        and(eq(orders.id, printerEvents.orderId), eq(orders.printJobId, printerEvents.printJobId)),
      )
      .where(
        and(
          sql`${printerEvents.status} in (${refusals})`,
          eq(orders.status, 'printing'),
          sql`not exists (select 1 from ${printerEvents} later where later.order_id = ${printerEvents.orderId}
            and later.print_job_id = ${printerEvents.printJobId} and later.created_at > ${printerEvents.receivedAt})`,
        ),
      ),
    // Paid a week ago and not shipped (`orders_unshipped_paid_idx`).
    overduePrintJobs: db
      .select({ n: count })
      .from(orders)
      .where(
        and(
          inArray(orders.status, ['processing', 'printing']),
          lt(orders.paidAt, new Date(now.getTime() - 7 * DAY_MS)),
        ),
      ),
    stalePayments: db
      .select({ n: count })
      .from(orders)
      .where(
        and(
          eq(orders.paymentStatus, 'pending'),
          sql`exists (select 1 from ${paymentEvents} e where e.order_id = ${orders.id} and e.outcome = 'awaiting_payment' and e.created_at < ${new Date(now.getTime() - DAY_MS)})`,
        ),
      ),
    failedRefunds: db.select({ n: count }).from(paymentRefunds).where(eq(paymentRefunds.status, 'failed')),
    today: figuresQuery(db, dayStart),
    week: figuresQuery(db, weekStart),
  };
}

/** Queues at a glance and the day's and the week's figures (revenue in cents, paid orders). */
export async function overview(db: Db, now: Date) {
  const q = overviewQueries(db, now);
  const [[failed], [held], [review], [refused], [overdue], [stale], [failedRefunds], [today], [week]] =
    await Promise.all([
      q.failedJobs,
      q.heldOrders,
      q.awaitingReview,
      q.rejectedPrintJobs,
      q.overduePrintJobs,
      q.stalePayments,
      q.failedRefunds,
      q.today,
      q.week,
    ]);
  return {
    failedJobs: Number(failed?.n ?? 0),
    heldOrders: Number(held?.n ?? 0),
    awaitingReview: Number(review?.n ?? 0),
    rejectedPrintJobs: Number(refused?.n ?? 0),
    overduePrintJobs: Number(overdue?.n ?? 0),
    stalePayments: Number(stale?.n ?? 0),
    failedRefunds: Number(failedRefunds?.n ?? 0),
    today: figures(today),
    week: figures(week),
    currency: 'CHF',
  };
}

function figuresQuery(db: Db, since: Date) {
  return db
    .select({
      orders: sql<string>`count(*)`,
      revenue: sql<string>`coalesce(sum(${orders.totalAmount}), 0)`,
      booksMade: sql<string>`count(${orders.printJobId})`,
    })
    .from(orders)
    .where(and(gte(orders.paidAt, since), inArray(orders.paymentStatus, ['paid', 'refunded'])));
}

function figures(row: { orders: string; revenue: string; booksMade: string } | undefined) {
  return {
    orders: Number(row?.orders ?? 0),
    revenue: Number(row?.revenue ?? 0),
    booksMade: Number(row?.booksMade ?? 0),
  };
}
