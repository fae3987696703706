import { createHash } from 'node:crypto';
import { gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessionRevocations } from '../../db/schema';

/**
 * When each account's sessions were last ended, as this process knows it (docs/decisions/019).
 * A trigger writes `session_revocations` whenever a session row is deleted (sign-out, a password
 * change or reset, sign out everywhere, account deletion), whichever process deleted it. A signed
 * session copy (decision 016) issued before its account's last revocation is not trusted: the
 * session is read from the database instead, which refuses an ended one and renews a live one.
 * The rows name an account by the SHA-256 of its id (`accountKey`), so a deleted account leaves no
 * row naming it; rows older than an hour are removed by the same trigger.
 *
 * The list is read again when a request needs it and it is older than `maxStaleMs` (one indexed
 * query for the rows since the last read, shared by the requests of that moment), and at once after
 * this process ends sessions (`refresh`). Only the last `windowMs` matter: an older copy has expired.
 */
export type SessionRevocations = {
  /** Whether a copy of `userId`'s session issued at `issuedAtMs` may predate an ending of its sessions. */
  endedSince(userId: string, issuedAtMs: number): Promise<boolean>;
  /** Reads the revocations written since the last read (after this process ended sessions). */
  refresh(): Promise<void>;
};

/** How a revocation row names its account: the hex SHA-256 of the account's id (the trigger's). */
export const accountKey = (userId: string) => createHash('sha256').update(userId, 'utf8').digest('hex');

/** Clocks of the database and of this process may differ a little: a copy this close is re-read. */
const CLOCK_SKEW_MS = 2000;

export function sessionRevocationList(
  db: Db,
  options: { windowMs: number; maxStaleMs?: number; clock?: () => number },
): SessionRevocations {
  const maxStaleMs = options.maxStaleMs ?? 250;
  const clock = options.clock ?? (() => performance.now());
  const revokedAt = new Map<string, number>();
  let since = new Date(Date.now() - options.windowMs - CLOCK_SKEW_MS);
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;

  const read = async () => {
    const started = clock();
    // Rows written while the last read ran may carry an earlier time: read a little back.
    const rows = await db
      .select({ userId: sessionRevocations.userId, revokedAt: sessionRevocations.revokedAt })
      .from(sessionRevocations)
      .where(gt(sessionRevocations.revokedAt, new Date(since.getTime() - CLOCK_SKEW_MS)));
    for (const row of rows) {
      const at = row.revokedAt.getTime();
      if ((revokedAt.get(row.userId) ?? 0) < at) revokedAt.set(row.userId, at);
      if (at > since.getTime()) since = row.revokedAt;
    }
    const forgetBefore = Date.now() - options.windowMs - 2 * CLOCK_SKEW_MS;
    for (const [userId, at] of revokedAt) if (at < forgetBefore) revokedAt.delete(userId);
    readAt = started;
  };
  const refresh = () => {
    reading ??= read().finally(() => {
      reading = undefined;
    });
    return reading;
  };

  return {
    async endedSince(userId, issuedAtMs) {
      if (clock() - readAt > maxStaleMs) await refresh();
      const at = revokedAt.get(accountKey(userId));
      return at !== undefined && at >= issuedAtMs - CLOCK_SKEW_MS;
    },
    async refresh() {
      // A read already under way may have started before the sessions were ended: read once more.
      if (reading) await reading;
      await refresh();
    },
  };
}
