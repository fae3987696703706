import { and, count, eq, gt } from 'drizzle-orm';
import { BOOK_PREVIEW } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { bookInstances } from '../../db/schema';
import { AppError } from '../../errors';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Books drawn per account in the last 24 hours are limited (BOOK_PREVIEW.booksPerDay): every book
 * is drawn whole before paying, and a hosted illustrator is paid per picture.
 */
export async function refuseOverDailyPreviews(db: Db, userId: string, now: Date): Promise<void> {
  const [row] = await db
    .select({ books: count() })
    .from(bookInstances)
    .where(
      and(eq(bookInstances.createdBy, userId), gt(bookInstances.createdAt, new Date(now.getTime() - DAY_MS))),
    );
  if ((row?.books ?? 0) >= BOOK_PREVIEW.booksPerDay) {
    throw new AppError(
      'PREVIEW_LIMIT_REACHED',
      `You have made ${BOOK_PREVIEW.booksPerDay} books today. Please come back tomorrow to make another one.`,
    );
  }
}
