import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  ADMIN_REVIEWS_PAGE_SIZE,
  type AdminReview,
  type AdminReviewList,
  type AdminReviewListName,
} from '../../../shared/contracts/admin';
import type { ThemeReview } from '../../../shared/contracts/catalog';
import { decodePageCursor, encodePageCursor } from '../../../shared/domain/page-cursor';
import type { Db } from '../../db/client';
import { auditLog, orders, reviews, type StoredAddress } from '../../db/schema';
import { notFound } from '../../errors';

/** How many reviews a theme's page shows, newest first. */
const THEME_REVIEWS_SHOWN = 8;

/** "Sophie M.": the buyer's first name and the initial of the last, as the order's address has them. */
function shownName(address: Partial<StoredAddress> | null): string {
  const first = address?.firstName?.trim() ?? '';
  const initial = address?.lastName?.trim().charAt(0) ?? '';
  return [first, initial ? `${initial}.` : ''].filter(Boolean).join(' ');
}

const columns = {
  id: reviews.id,
  rating: reviews.rating,
  text: reviews.text,
  createdAt: reviews.createdAt,
  approvedAt: reviews.approvedAt,
  address: orders.shippingAddress,
  themeId: orders.themeId,
  orderId: orders.id,
  orderNumber: orders.orderNumber,
};

/** The approved reviews of a theme's delivered orders, for its page; none is ever invented. */
export async function themeReviews(db: Db, themeId: string): Promise<ThemeReview[]> {
  const rows = await db
    .select(columns)
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(and(eq(orders.themeId, themeId), isNotNull(reviews.approvedAt)))
    .orderBy(desc(reviews.createdAt))
    .limit(THEME_REVIEWS_SHOWN);
  return rows.map((row) => {
    const address = row.address;
    return {
      id: row.id,
      rating: row.rating,
      text: row.text,
      name: shownName(address),
      country: address?.country ?? '',
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** A review's `created_at` to the microsecond, in UTC, as the page cursor carries it. */
const cursorTime = sql<string>`to_char(${reviews.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const operatorView = (row: {
  id: string;
  rating: number;
  text: string;
  address: Partial<StoredAddress> | null;
  themeId: string;
  orderId: string;
  orderNumber: string;
  createdAt: Date;
  approvedAt: Date | null;
}): AdminReview => ({
  id: row.id,
  rating: row.rating,
  text: row.text,
  name: shownName(row.address),
  themeId: row.themeId,
  orderId: row.orderId,
  orderNumber: row.orderNumber,
  createdAt: row.createdAt.toISOString(),
  approvedAt: row.approvedAt?.toISOString() ?? null,
});

/**
 * One page of one of the console's lists (issue 19: keyset pages), newest first: the reviews
 * waiting for a look, or those shown on theme pages. Each list reads its own partial index
 * (created_at, id), so a page costs the same with a hundred reviews or a million.
 */
export function operatorReviewPageQuery(
  db: Db,
  list: AdminReviewListName,
  cursor: string | undefined,
  pageSize: number,
) {
  const after = cursor ? decodePageCursor(cursor) : null;
  return db
    .select({ ...columns, cursorTime })
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(
      and(
        list === 'shown' ? isNotNull(reviews.approvedAt) : isNull(reviews.approvedAt),
        after
          ? sql`(${reviews.createdAt}, ${reviews.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : cursor
            ? sql`false`
            : undefined,
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(pageSize + 1);
}

/** A page of one of the console's lists, with the cursor of the next page (null on the last). */
export async function reviewsForOperators(
  db: Db,
  list: AdminReviewListName,
  cursor?: string,
  pageSize = ADMIN_REVIEWS_PAGE_SIZE,
): Promise<AdminReviewList> {
  const rows = await operatorReviewPageQuery(db, list, cursor, pageSize);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    reviews: page.map(operatorView),
    nextCursor:
      rows.length > pageSize && last ? encodePageCursor({ createdAt: last.cursorTime, id: last.id }) : null,
  };
}

/** Shows a review on its theme's page, or takes it down; in the audit log with the order. */
export async function setReviewShown(
  db: Db,
  reviewId: string,
  shown: boolean,
  operator: { id: string; email: string },
  reason: string,
): Promise<AdminReview> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ approvedAt: shown ? new Date() : null })
      .where(
        and(eq(reviews.id, reviewId), shown ? isNull(reviews.approvedAt) : isNotNull(reviews.approvedAt)),
      )
      .returning({ orderId: reviews.orderId });
    if (!row) throw notFound('Review');
    await tx.insert(auditLog).values({
      orderId: row.orderId,
      actorId: operator.id,
      actorEmail: operator.email,
      action: shown ? 'approve_review' : 'hide_review',
      reason,
      details: { reviewId },
    });
    const [changed] = await tx
      .select(columns)
      .from(reviews)
      .innerJoin(orders, eq(orders.id, reviews.orderId))
      .where(eq(reviews.id, reviewId));
    return operatorView(changed!);
  });
}
