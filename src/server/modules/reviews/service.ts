import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { ThemeReview } from '../../../shared/contracts/catalog';
import type { Db } from '../../db/client';
import { auditLog, orders, reviews } from '../../db/schema';
import { notFound } from '../../errors';
import type { StoredAddress } from '../orders/repo';

/** How many reviews a theme's page shows, newest first. */
export const THEME_REVIEWS_SHOWN = 8;

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
    const address = row.address as Partial<StoredAddress> | null;
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

/** The console's list: reviews waiting for a look first, then the shown ones, newest first. */
export async function reviewsForOperators(db: Db) {
  const rows = await db
    .select(columns)
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .orderBy(reviews.approvedAt, desc(reviews.createdAt))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    rating: row.rating,
    text: row.text,
    name: shownName(row.address as Partial<StoredAddress> | null),
    themeId: row.themeId,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
  }));
}

/** Shows a review on its theme's page, or takes it down; in the audit log with the order. */
export async function setReviewShown(
  db: Db,
  reviewId: string,
  shown: boolean,
  operator: { id: string; email: string },
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
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
  });
}
