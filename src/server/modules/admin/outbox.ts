import fs from 'node:fs/promises';
import path from 'node:path';
import type { OutboxEntry } from '../../adapters/mail/outbox';

/**
 * The newest `limit` messages of the embedded mailer's folder, newest first, and how many it holds.
 * Only the names are listed and sorted (a message's name starts with its ISO time, so the names
 * sort as the messages were written); only the messages shown are read (issue 19: the console read
 * every message of the folder's 30 days on each visit).
 */
export async function newestOutbox(
  folder: string,
  limit: number,
): Promise<{ total: number; messages: OutboxEntry[] }> {
  const names = (await fs.readdir(folder).catch(() => [] as string[])).filter((name) =>
    name.endsWith('.json'),
  );
  names.sort().reverse();
  const read = await Promise.all(
    names.slice(0, limit).map(async (name) => {
      try {
        return JSON.parse(await fs.readFile(path.join(folder, name), 'utf8')) as OutboxEntry;
      } catch {
        // Pruned by the retention job between the listing and the read.
        return undefined;
      }
    }),
  );
  return { total: names.length, messages: read.filter((entry) => entry !== undefined) };
}
