import { gt } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { accountChanges } from '../../db/schema';
import { CLOCK_SKEW_MS, polledChanges } from './polled-changes';
import { accountKey } from './revocations';

/**
 * A signed-in parent's most read answers (the profile header, My Books' first page) kept in this
 * process's memory, and given again until what they show changes (docs/decisions/031).
 *
 * Triggers write `account_changes` at the commit of any change to an account, its books, their
 * versions and pictures, and its orders' payment or status, whichever process made it (a worker
 * drawing, another API process, the console). This process reads the rows written since its last
 * read when a request needs it and the last read is older than `maxStaleMs` (one indexed query,
 * shared by the requests of that moment). A signed-in parent's own request that may have changed
 * something lets their kept answers go before its answer leaves (`forget`, from the app's `onSend`;
 * an order costs no query for it), so their next request reads; an account route (a name changed
 * through better-auth) reads the list again (`refresh`). A kept answer is given only when it was read after the account's last
 * change (and the catalogue's, `*`) by more than the clock difference allowed between the database
 * and this process, and is younger than `maxAgeMs`; otherwise it is read again.
 */
export type KeptAnswers = {
  /** `name`'s answer for `userId`: the one kept, or `read()`'s, kept for the next request. */
  get<T>(userId: string, name: string, read: () => Promise<T>): Promise<T>;
  /** Reads the changes written since the last read (after a request that may have written). */
  refresh(): Promise<void>;
  /** Lets `userId`'s kept answers go (their own request may have changed them; no query). */
  forget(userId: string): void;
  /** How many accounts have answers kept (a request that wrote need not refresh when none). */
  readonly size: number;
};

/** The catalogue's key: a book's title is on every parent's cards. */
const EVERY_ACCOUNT = '*';

export function keptAnswers(
  db: Db,
  options: {
    /** How old the list of changes may be when an answer is given from memory (250 ms; tests 0). */
    maxStaleMs?: number;
    /** How long an answer is kept at most, whatever the list says (60 s). */
    maxAgeMs?: number;
    /** How many accounts' answers are kept at most; the least recently read go first (10,000). */
    maxAccounts?: number;
    /** Milliseconds for how old the list is (tests move it). */
    clock?: () => number;
  } = {},
): KeptAnswers {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const maxAccounts = options.maxAccounts ?? 10_000;
  /** By account key: when the answers were read (this process's wall clock) and the answers. */
  const accounts = new Map<string, { readAt: number; answers: Map<string, unknown> }>();
  /** By account key: the latest change (the database's clock); older than every kept answer: gone. */
  const changes = polledChanges(
    (after) =>
      db
        .select({ key: accountChanges.accountKey, at: accountChanges.changedAt })
        .from(accountChanges)
        .where(gt(accountChanges.changedAt, after)),
    {
      windowMs: maxAgeMs,
      ...(options.maxStaleMs === undefined ? {} : { maxStaleMs: options.maxStaleMs }),
      ...(options.clock ? { clock: options.clock } : {}),
    },
  );
  const unchangedSince = (key: string, readAt: number) =>
    readAt > (changes.latest(key) ?? Number.NEGATIVE_INFINITY) + CLOCK_SKEW_MS &&
    readAt > (changes.latest(EVERY_ACCOUNT) ?? Number.NEGATIVE_INFINITY) + CLOCK_SKEW_MS;

  return {
    async get<T>(userId: string, name: string, readAnswer: () => Promise<T>): Promise<T> {
      await changes.fresh();
      const key = accountKey(userId);
      const kept = accounts.get(key);
      const now = Date.now();
      if (kept && now - kept.readAt < maxAgeMs && unchangedSince(key, kept.readAt)) {
        if (kept.answers.has(name)) {
          // Most recently read last: the first entry is the one to let go when full.
          accounts.delete(key);
          accounts.set(key, kept);
          return kept.answers.get(name) as T;
        }
      }
      const readAt = Date.now();
      const answer = await readAnswer();
      const current = accounts.get(key);
      // Answers read at different moments are kept apart: the set goes with its oldest read.
      const entry =
        current &&
        current.readAt <= readAt &&
        now - current.readAt < maxAgeMs &&
        unchangedSince(key, current.readAt)
          ? current
          : { readAt, answers: new Map<string, unknown>() };
      entry.answers.set(name, answer);
      accounts.delete(key);
      accounts.set(key, entry);
      if (accounts.size > maxAccounts) {
        const oldest = accounts.keys().next().value;
        if (oldest !== undefined) accounts.delete(oldest);
      }
      return answer;
    },
    // A read already under way may have started before the change was committed: read once more.
    refresh: () => changes.refresh(),
    forget(userId) {
      accounts.delete(accountKey(userId));
    },
    get size() {
      return accounts.size;
    },
  };
}

/**
 * `name`'s answer for `userId`, sent as JSON. What is kept is the text the route's response schema
 * made of the answer when it was read (checked and serialised once), so an answer given from memory
 * costs neither again (an order's page was 0.27x a bare route while each request serialised it).
 */
export async function sendKept(
  answers: Pick<KeptAnswers, 'get'>,
  reply: FastifyReply,
  key: { userId: string; name: string },
  read: () => Promise<unknown>,
): Promise<FastifyReply> {
  const json = await answers.get(key.userId, key.name, async () => reply.serialize(await read()));
  return reply.type('application/json; charset=utf-8').send(json);
}
