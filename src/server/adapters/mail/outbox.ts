import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer } from './index';

export type OutboxEntry = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
};

/**
 * The embedded default: each message becomes a real `.eml` file in `DATA_DIR/outbox/` (open it with
 * any mail program), with a JSON copy beside it for the development page.
 */
export function createOutboxMailer(folder: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(folder, { recursive: true });
      const createdAt = new Date().toISOString();
      const id = `${createdAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      await fs.writeFile(path.join(folder, `${id}.eml`), info.message as Buffer);
      const entry: OutboxEntry = { id, createdAt, ...message };
      await fs.writeFile(path.join(folder, `${id}.json`), JSON.stringify(entry));
    },
  };
}

/**
 * The newest `limit` messages of the outbox, newest first, and how many it holds. Only the names are
 * listed and sorted (a message's name starts with its ISO time, so the names sort as the messages
 * were written); only the messages answered are read (issue 19: the console read every message of
 * the folder's 30 days on each visit).
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

/** The outbox's messages, newest first (the development page shows them all). */
export async function readOutbox(folder: string): Promise<OutboxEntry[]> {
  return (await newestOutbox(folder, Number.POSITIVE_INFINITY)).messages;
}

/**
 * Deletes the outbox's messages written before `before` (the `.eml` and its JSON copy); answers how
 * many messages went. A folder that does not exist holds nothing to delete.
 */
export async function pruneOutbox(folder: string, before: Date): Promise<number> {
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  let deleted = 0;
  for (const name of names.filter((entry) => entry.endsWith('.json'))) {
    const file = path.join(folder, name);
    const entry = JSON.parse(await fs.readFile(file, 'utf8')) as OutboxEntry;
    if (!(new Date(entry.createdAt) < before)) continue;
    await fs.rm(path.join(folder, `${entry.id}.eml`), { force: true });
    await fs.rm(file, { force: true });
    deleted += 1;
  }
  return deleted;
}
