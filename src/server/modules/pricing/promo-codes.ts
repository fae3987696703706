import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { PromoDiscount, PromoKind } from '../../../shared/domain/promo';
import type { Db } from '../../db/client';
import { auditLog, promoCodes, promoRedemptions } from '../../db/schema';
import { AppError } from '../../errors';

type PromoRow = typeof promoCodes.$inferSelect;

const discountOf = (row: PromoRow): PromoDiscount => ({ code: row.code, kind: row.kind, value: row.value });

/** Why a code cannot be used right now by anyone (its dates, or an operator ended it), or undefined. */
function outOfDates(row: PromoRow, now: Date): AppError | undefined {
  const ended = row.endedAt !== null && row.endedAt <= now;
  if (ended || (row.validFrom && now < row.validFrom) || (row.validTo && now > row.validTo)) {
    return new AppError('PROMO_CODE_EXPIRED', 'This code is no longer valid.');
  }
  return undefined;
}

/**
 * Checks a code for one order of one buyer (`orderId` undefined for a new order) and locks it until
 * the transaction ends, so two orders cannot take its last use (issue 18); `recordPromoUse` then
 * writes the use. Every order that holds the code counts as a use, paid or waiting for payment; an
 * order changed to another code or none gives its use back (`releasePromo`). Throws the code's
 * translated error when it cannot be used.
 */
export async function claimPromo(
  tx: Db,
  input: { code: string; userId: string; orderId: string | undefined; now: Date },
): Promise<{ promoCodeId: string; discount: PromoDiscount }> {
  const [row] = await tx
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.code, input.code))
    .for('update')
    .limit(1);
  if (!row) throw new AppError('PROMO_CODE_UNKNOWN', 'We do not know this code.');
  const expired = outOfDates(row, input.now);
  if (expired) throw expired;
  const others = and(
    eq(promoRedemptions.promoCodeId, row.id),
    input.orderId ? ne(promoRedemptions.orderId, input.orderId) : undefined,
  );
  if (row.oncePerCustomer) {
    const [mine] = await tx
      .select({ uses: count() })
      .from(promoRedemptions)
      .where(and(others, eq(promoRedemptions.userId, input.userId)));
    if ((mine?.uses ?? 0) > 0) {
      throw new AppError('PROMO_CODE_ALREADY_USED', 'You have already used this code on another order.');
    }
  }
  if (row.maxUses !== null) {
    const [all] = await tx.select({ uses: count() }).from(promoRedemptions).where(others);
    if ((all?.uses ?? 0) >= row.maxUses) {
      throw new AppError('PROMO_CODE_USED_UP', 'This code has been used as many times as it allows.');
    }
  }
  return { promoCodeId: row.id, discount: discountOf(row) };
}

/** The order holds the code claimed by `claimPromo` in the same transaction. */
export async function recordPromoUse(
  tx: Db,
  use: { promoCodeId: string; orderId: string; userId: string; now: Date },
): Promise<void> {
  await tx
    .insert(promoRedemptions)
    .values({ promoCodeId: use.promoCodeId, orderId: use.orderId, userId: use.userId })
    .onConflictDoUpdate({
      target: promoRedemptions.orderId,
      set: { promoCodeId: use.promoCodeId, userId: use.userId, createdAt: use.now },
    });
}

/** The order no longer holds a code: its use is given back. */
export async function releasePromo(tx: Db, orderId: string): Promise<void> {
  await tx.delete(promoRedemptions).where(eq(promoRedemptions.orderId, orderId));
}

/**
 * Before a payment page opens: the code an unpaid order holds must still be valid (an operator may
 * have ended it, or its last day passed). Refused before payment, never after: a paid order keeps
 * the price it was quoted.
 */
export async function checkHeldPromo(db: Db, promoCodeId: string | null, now: Date): Promise<void> {
  if (!promoCodeId) return;
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, promoCodeId)).limit(1);
  const problem = row
    ? outOfDates(row, now)
    : new AppError('PROMO_CODE_EXPIRED', 'This code is no longer valid.');
  if (problem) throw problem;
}

/** The code's words and value for the order page's quote, or null. */
export async function promoOf(db: Db, promoCodeId: string | null): Promise<PromoDiscount | null> {
  if (!promoCodeId) return null;
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, promoCodeId)).limit(1);
  return row ? discountOf(row) : null;
}

export type NewPromoCode = {
  code: string;
  kind: PromoKind;
  value: number;
  validFrom: Date | null;
  validTo: Date | null;
  maxUses: number | null;
  oncePerCustomer: boolean;
};

/** The codes for the operator console, newest first, with how many orders hold each. */
export async function listPromoCodes(db: Db) {
  return db
    .select({
      id: promoCodes.id,
      code: promoCodes.code,
      kind: promoCodes.kind,
      value: promoCodes.value,
      validFrom: promoCodes.validFrom,
      validTo: promoCodes.validTo,
      maxUses: promoCodes.maxUses,
      oncePerCustomer: promoCodes.oncePerCustomer,
      endedAt: promoCodes.endedAt,
      createdAt: promoCodes.createdAt,
      // Written out: in a one-table select drizzle leaves columns unqualified, and an unqualified "id"
      // in the subquery would be the redemption's own.
      uses: sql<number>`(select count(*)::int from "promo_redemptions" r where r."promo_code_id" = "promo_codes"."id")`,
    })
    .from(promoCodes)
    .orderBy(desc(promoCodes.createdAt));
}

/** Who changed a setting: an operator in the console, or the shop's owner on the command line. */
export type SettingActor = { id: string; email: string };

/**
 * Makes a promo code (an operator's act, in the audit log). A code already taken is refused: an
 * old code is never reused with another value, so orders that held it keep their meaning.
 */
export async function createPromoCode(db: Db, input: NewPromoCode, actor: SettingActor, reason = '') {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(promoCodes).values(input).onConflictDoNothing().returning();
    if (!row) throw new AppError('PROMO_CODE_EXISTS', `The code ${input.code} exists already.`);
    await tx.insert(auditLog).values({
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'create_promo_code',
      reason,
      details: { code: row.code, kind: row.kind, value: row.value, maxUses: row.maxUses },
    });
    return row;
  });
}

/** Ends a code now: refused from then on, before payment too (orders already paid keep their price). */
export async function endPromoCode(db: Db, code: string, actor: SettingActor, now: Date, reason = '') {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(promoCodes)
      .set({ endedAt: now })
      .where(and(eq(promoCodes.code, code), isNull(promoCodes.endedAt)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', `No running code ${code}.`);
    await tx.insert(auditLog).values({
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'end_promo_code',
      reason,
      details: { code: row.code },
    });
    return row;
  });
}
