import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { generatedImages, spreads } from '../db/schema';
import { intervalMs } from '../jobs/queue';
import type { Scene } from '../stories/scene';
import type { RenderedPage } from '../stories/story';

/** What a spread row holds for its page (`spreads.content`). */
export type SpreadContent = { text: string; scene: Scene };

/** A spread as a worker holds it while illustrating it. */
export type ClaimedSpread = {
  id: string;
  bookInstanceId: string;
  position: number;
  templateName: string;
  content: SpreadContent;
  lockedBy: string;
};

/**
 * Plans the pages of a book: one spread per story page, added only when missing (the unique
 * (book_instance_id, position) keeps a re-run or a second worker from adding them twice).
 */
export async function ensureSpreads(
  db: Db,
  bookInstanceId: string,
  pages: RenderedPage[],
  templateName: string,
): Promise<void> {
  if (pages.length === 0) return;
  await db
    .insert(spreads)
    .values(
      pages.map((page) => ({
        bookInstanceId,
        position: page.position,
        templateName,
        content: { text: page.text, scene: page.scene } satisfies SpreadContent,
      })),
    )
    .onConflictDoNothing({ target: [spreads.bookInstanceId, spreads.position] });
}

/** How many spreads a book has, and how many are done. */
export async function countSpreads(db: Db, bookInstanceId: string): Promise<{ total: number; done: number }> {
  const [row] = await queryRows<{ total: string | number; done: string | number }>(
    db,
    sql`select count(*) as total, count(*) filter (where status = 'done') as done
        from spreads where book_instance_id = ${bookInstanceId}`,
  );
  return { total: Number(row?.total ?? 0), done: Number(row?.done ?? 0) };
}

type SpreadRow = {
  id: string;
  book_instance_id: string;
  position: number;
  template_name: string;
  content: SpreadContent;
  locked_by: string;
};

/**
 * Takes the next spread of a book that needs a picture, with a lease: a pending or failed one, or
 * one whose lease ran out (its worker died). SKIP LOCKED and the lease together mean two workers
 * never illustrate the same spread at once; a done spread is never taken again.
 */
export async function claimSpread(
  db: Db,
  options: { bookInstanceId: string; workerId: string; leaseMs: number },
): Promise<ClaimedSpread | null> {
  const [row] = await queryRows<SpreadRow>(
    db,
    sql`update spreads
        set status = 'generating', locked_by = ${options.workerId},
            locked_until = now() + ${intervalMs(options.leaseMs)},
            attempts = attempts + 1, updated_at = now()
        where id = (
          select id from spreads
          where book_instance_id = ${options.bookInstanceId}
            and (status in ('pending', 'failed')
              or (status = 'generating' and (locked_until is null or locked_until < now())))
          order by position
          limit 1
          for update skip locked
        )
        returning id, book_instance_id, position, template_name, content, locked_by`,
  );
  if (!row) return null;
  return {
    id: row.id,
    bookInstanceId: row.book_instance_id,
    position: Number(row.position),
    templateName: row.template_name,
    content: row.content,
    lockedBy: row.locked_by,
  };
}

/** Extends a spread's lease; false when another worker has taken it over (or it is done). */
export async function renewSpreadLease(db: Db, spread: ClaimedSpread, leaseMs: number): Promise<boolean> {
  const renewed = await db
    .update(spreads)
    .set({ lockedUntil: sql`now() + ${intervalMs(leaseMs)}` })
    .where(
      and(eq(spreads.id, spread.id), eq(spreads.status, 'generating'), eq(spreads.lockedBy, spread.lockedBy)),
    )
    .returning({ id: spreads.id });
  return renewed.length > 0;
}

/**
 * Records a spread's picture, once: the generated_image row (unique per spread) and the spread's
 * `done` in one transaction, only while this worker still holds the spread. Answers whether this
 * call finished it.
 */
export async function completeSpread(db: Db, spread: ClaimedSpread, storagePath: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const finished = await tx
      .update(spreads)
      .set({ status: 'done', lockedBy: null, lockedUntil: null, lastError: null, updatedAt: sql`now()` })
      .where(
        and(
          eq(spreads.id, spread.id),
          eq(spreads.lockedBy, spread.lockedBy),
          eq(spreads.status, 'generating'),
        ),
      )
      .returning({ id: spreads.id });
    if (finished.length === 0) return false;
    await tx
      .insert(generatedImages)
      .values({ spreadId: spread.id, bookInstanceId: spread.bookInstanceId, storagePath })
      .onConflictDoNothing({ target: generatedImages.spreadId });
    return true;
  });
}

/**
 * Gives a spread back: `failed` with the reason after an illustrator error, `pending` when the
 * worker is stopping. Only the holder can.
 */
export async function releaseSpread(
  db: Db,
  spread: ClaimedSpread,
  outcome: { failed: true; reason: string } | { failed: false },
): Promise<void> {
  await db
    .update(spreads)
    .set({
      status: outcome.failed ? 'failed' : 'pending',
      lockedBy: null,
      lockedUntil: null,
      lastError: outcome.failed ? outcome.reason.slice(0, 2000) : null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(spreads.id, spread.id), eq(spreads.lockedBy, spread.lockedBy), ne(spreads.status, 'done')));
}

/** A retry starts the unfinished spreads afresh; finished ones keep their pictures. */
export async function resetUnfinishedSpreads(db: Db, bookInstanceId: string): Promise<void> {
  await db
    .update(spreads)
    .set({ status: 'pending', lockedBy: null, lockedUntil: null, updatedAt: sql`now()` })
    .where(and(eq(spreads.bookInstanceId, bookInstanceId), ne(spreads.status, 'done')));
}

/** The pictures of a book in page order, with their spread's text. */
export async function listBookPictures(db: Db, bookInstanceId: string) {
  return db
    .select({
      position: spreads.position,
      templateName: spreads.templateName,
      content: spreads.content,
      storagePath: generatedImages.storagePath,
    })
    .from(spreads)
    .innerJoin(generatedImages, eq(generatedImages.spreadId, spreads.id))
    .where(eq(spreads.bookInstanceId, bookInstanceId))
    .orderBy(asc(spreads.position));
}
