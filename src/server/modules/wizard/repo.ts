import { and, count, desc, eq, gt, gte, isNull, or, sql } from 'drizzle-orm';
import type { BookType, WizardStepType } from '../../../shared/domain/statuses';
import { personalisationWithWords } from '../../book/words';
import type { Db } from '../../db/client';
import { personalisationSql } from '../../db/personalisation';
import {
  bookInstances,
  characters,
  generationLog,
  orders,
  wizardSessionData,
  wizardSessions,
} from '../../db/schema';

export type WizardSessionRow = typeof wizardSessions.$inferSelect;

/**
 * A session the caller may use: the cookie's session while anonymous and not expired, or one linked to
 * this very user. The owner filter is in the query, so another user's session is simply not found.
 */
export async function findSessionForCaller(db: Db, sessionId: string, userId: string | null, now: Date) {
  const anonymous = and(isNull(wizardSessions.userId), gt(wizardSessions.expiresAt, now));
  const [row] = await db
    .select()
    .from(wizardSessions)
    .where(
      and(
        eq(wizardSessions.sessionId, sessionId),
        userId ? or(anonymous, eq(wizardSessions.userId, userId)) : anonymous,
      ),
    );
  return row;
}

/** The signed-in user's latest active session for a theme and book type (resuming on another visit). */
export async function findActiveSessionOfUser(db: Db, userId: string, themeId: string, bookType: BookType) {
  const [row] = await db
    .select()
    .from(wizardSessions)
    .where(
      and(
        eq(wizardSessions.userId, userId),
        eq(wizardSessions.themeId, themeId),
        eq(wizardSessions.bookType, bookType),
        eq(wizardSessions.status, 'active'),
      ),
    )
    .orderBy(desc(wizardSessions.updatedAt))
    .limit(1);
  return row;
}

export async function insertSession(db: Db, values: typeof wizardSessions.$inferInsert) {
  const [row] = await db.insert(wizardSessions).values(values).returning();
  return row!;
}

/** Records where a session started from an earlier book came from and what it was prefilled with. */
export async function setSessionPrefill(db: Db, sessionId: string, prefillSource: string, prefill: unknown) {
  const [row] = await db
    .update(wizardSessions)
    .set({ prefillSource, prefill, updatedAt: new Date() })
    .where(eq(wizardSessions.sessionId, sessionId))
    .returning();
  return row!;
}

/** Extends the session and links it to the user when it was anonymous. */
export async function touchSession(db: Db, sessionId: string, userId: string | null, expiresAt: Date) {
  await db
    .update(wizardSessions)
    .set({ expiresAt, updatedAt: new Date(), ...(userId ? { userId } : {}) })
    .where(
      and(
        eq(wizardSessions.sessionId, sessionId),
        userId
          ? or(isNull(wizardSessions.userId), eq(wizardSessions.userId, userId))
          : isNull(wizardSessions.userId),
      ),
    );
}

export function listSteps(db: Db, sessionId: string) {
  return db
    .select()
    .from(wizardSessionData)
    .where(eq(wizardSessionData.sessionId, sessionId))
    .orderBy(wizardSessionData.stepNumber);
}

export async function upsertStep(
  db: Db,
  sessionId: string,
  stepNumber: number,
  stepType: WizardStepType,
  data: unknown,
) {
  await db
    .insert(wizardSessionData)
    .values({ sessionId, stepNumber, stepType, data })
    .onConflictDoUpdate({
      target: [wizardSessionData.sessionId, wizardSessionData.stepNumber],
      set: { data, stepType, updatedAt: new Date() },
    });
}

export async function deleteStep(db: Db, sessionId: string, stepNumber: number) {
  await db
    .delete(wizardSessionData)
    .where(and(eq(wizardSessionData.sessionId, sessionId), eq(wizardSessionData.stepNumber, stepNumber)));
}

export async function countGenerations(db: Db, by: { sessionId: string } | { userId: string }, since: Date) {
  const owner =
    'sessionId' in by ? eq(generationLog.sessionId, by.sessionId) : eq(generationLog.userId, by.userId);
  const [row] = await db
    .select({ value: count() })
    .from(generationLog)
    .where(and(owner, gte(generationLog.createdAt, since)));
  return row?.value ?? 0;
}

export async function logGeneration(db: Db, sessionId: string, userId: string | null, at: Date) {
  await db.insert(generationLog).values({ sessionId, userId, createdAt: at });
}

/** A child of the user's (the owner filter is in the query: another user's child is not found). */
export async function findCharacterOfUser(db: Db, characterId: string, userId: string) {
  const [row] = await db
    .select()
    .from(characters)
    .where(and(eq(characters.id, characterId), eq(characters.userId, userId)));
  return row;
}

/** The personalisation of the user's newest book made with this child photo, if any. */
export async function findNewestMetadataForChildPhoto(db: Db, userId: string, photoPath: string) {
  const [row] = await db
    .select({ wizardMetadata: personalisationWithWords() })
    .from(bookInstances)
    .where(and(eq(bookInstances.createdBy, userId), eq(personalisationSql.childPhoto(), photoPath)))
    .orderBy(desc(bookInstances.createdAt))
    .limit(1);
  return row?.wizardMetadata;
}

/** An order of the user's with its book instance's metadata (owner filter in the query). */
/** One of the caller's books that is not paid for (its photo may still change), or none. */
export async function findUnpaidBookOfUser(db: Db, bookInstanceId: string, userId: string) {
  const [row] = await db
    .select({
      id: bookInstances.id,
      themeId: bookInstances.themeId,
      bookType: bookInstances.bookType,
      wizardMetadata: personalisationWithWords(),
    })
    .from(bookInstances)
    .where(
      and(
        eq(bookInstances.id, bookInstanceId),
        eq(bookInstances.createdBy, userId),
        sql`not exists (select 1 from ${orders} where ${orders.bookInstanceId} = ${bookInstances.id}
          and ${orders.paymentStatus} in ('paid', 'refunded'))`,
      ),
    );
  return row;
}

export async function findOrderOfUserWithBook(db: Db, orderId: string, userId: string) {
  const [row] = await db
    .select({
      orderNumber: orders.orderNumber,
      themeId: orders.themeId,
      bookType: orders.bookType,
      wizardMetadata: personalisationWithWords(),
    })
    .from(orders)
    .innerJoin(bookInstances, eq(bookInstances.id, orders.bookInstanceId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row;
}
