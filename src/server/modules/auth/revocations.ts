import { createHash } from 'node:crypto';
import { gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessionRevocations } from '../../db/schema';
import { CLOCK_SKEW_MS, polledChanges } from './polled-changes';

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

export function sessionRevocationList(
  db: Db,
  options: { windowMs: number; maxStaleMs?: number; clock?: () => number },
): SessionRevocations {
  // Only the last `windowMs` matter: an older copy has expired.
  const list = polledChanges(
    (after) =>
      db
        .select({ key: sessionRevocations.userId, at: sessionRevocations.revokedAt })
        .from(sessionRevocations)
        .where(gt(sessionRevocations.revokedAt, after)),
    options,
  );
  return {
    async endedSince(userId, issuedAtMs) {
      await list.fresh();
      // A copy issued this close to a revocation is read from the database again.
      const at = list.latest(accountKey(userId));
      return at !== undefined && at >= issuedAtMs - CLOCK_SKEW_MS;
    },
    // A read already under way may have started before the sessions were ended: read once more.
    refresh: () => list.refresh(),
  };
}
