/** Clocks of the database and of this process may differ a little (2 s allowed either way). */
export const CLOCK_SKEW_MS = 2000;

/**
 * A table of recent changes by key (`session_revocations`, `account_changes`: rows written by
 * triggers, whichever process made the change), as this process knows it: the latest change of
 * each key in the last `windowMs`. `fresh()` reads the rows written since the last read when the
 * last read is older than `maxStaleMs` (one query, shared by the requests of that moment);
 * `refresh()` reads at once, after an earlier read still under way, which may have started before
 * the change it must see was committed.
 */
export type PolledChanges = {
  /** The latest change of `key` the list holds (the database's clock, ms), if any. */
  latest(key: string): number | undefined;
  /** Reads the list again if it is older than `maxStaleMs`. */
  fresh(): Promise<void>;
  /** Reads the list again now. */
  refresh(): Promise<void>;
};

export function polledChanges(
  readSince: (after: Date) => Promise<{ key: string; at: Date }[]>,
  options: { windowMs: number; maxStaleMs?: number; clock?: () => number },
): PolledChanges {
  const maxStaleMs = options.maxStaleMs ?? 250;
  const clock = options.clock ?? (() => performance.now());
  const changedAt = new Map<string, number>();
  let since = new Date(Date.now() - options.windowMs - CLOCK_SKEW_MS);
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;

  const read = async () => {
    const started = clock();
    // Rows committed while the last read ran may carry an earlier time: read a little back.
    const rows = await readSince(new Date(since.getTime() - CLOCK_SKEW_MS));
    for (const row of rows) {
      const at = row.at.getTime();
      if ((changedAt.get(row.key) ?? 0) < at) changedAt.set(row.key, at);
      if (at > since.getTime()) since = row.at;
    }
    // A change older than the window can matter to nothing this process still holds.
    const forgetBefore = Date.now() - options.windowMs - 2 * CLOCK_SKEW_MS;
    for (const [key, at] of changedAt) if (at < forgetBefore) changedAt.delete(key);
    readAt = started;
  };
  const readNow = () => {
    reading ??= read().finally(() => {
      reading = undefined;
    });
    return reading;
  };

  return {
    latest: (key) => changedAt.get(key),
    async fresh() {
      if (clock() - readAt > maxStaleMs) await readNow();
    },
    async refresh() {
      if (reading) await reading;
      await readNow();
    },
  };
}
