import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer, newestOutbox, type OutboxEntry } from './outbox';

let folder: string;

/** A message as the outbox mailer names it: its ISO time (':' and '.' as '-'), then a short id. */
async function write(folder: string, minute: number) {
  const createdAt = new Date(Date.UTC(2026, 10, 1, 0, minute)).toISOString();
  const id = `${createdAt.replace(/[:.]/g, '-')}-${String(minute).padStart(8, '0')}`;
  const entry: OutboxEntry = {
    id,
    createdAt,
    to: `p${minute}@example.com`,
    subject: `s${minute}`,
    text: 't',
    html: 'h',
  };
  await fs.writeFile(path.join(folder, `${id}.json`), JSON.stringify(entry));
  await fs.writeFile(path.join(folder, `${id}.eml`), 'Subject: s\n\nt');
}

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
  // Written out of order: the listing, not the writing, decides.
  const minutes = Array.from({ length: 130 }, (_, index) => (index * 37) % 130);
  for (const minute of minutes) await write(folder, minute);
});
afterAll(() => fs.rm(folder, { recursive: true, force: true }));

describe('the console outbox', () => {
  it('with more than 100 messages, answers the newest 100, newest first, and how many there are', async () => {
    const { total, messages } = await newestOutbox(folder, 100);
    expect(total).toBe(130);
    expect(messages).toHaveLength(100);
    expect(messages.map((message) => message.subject)).toEqual(
      Array.from({ length: 100 }, (_, index) => `s${129 - index}`),
    );
  });

  it('reads only the messages it answers', async () => {
    const read = new Set<string>();
    const readFile = fs.readFile;
    const spy = async (...args: Parameters<typeof fs.readFile>) => {
      read.add(String(args[0]));
      return readFile(...args);
    };
    (fs as { readFile: unknown }).readFile = spy;
    try {
      await newestOutbox(folder, 5);
    } finally {
      (fs as { readFile: unknown }).readFile = readFile;
    }
    expect(read.size).toBe(5);
  });

  it('sorts as the mailer names its messages, and an empty or missing folder holds none', async () => {
    const own = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    const mailer = createOutboxMailer(own, 'shop@example.com');
    await mailer.send({ to: 'a@example.com', subject: 'first', text: 'x', html: '<p>x</p>' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await mailer.send({ to: 'b@example.com', subject: 'second', text: 'y', html: '<p>y</p>' });
    const { total, messages } = await newestOutbox(own, 100);
    expect(total).toBe(2);
    expect(messages.map((message) => message.subject)).toEqual(['second', 'first']);
    await fs.rm(own, { recursive: true, force: true });
    expect(await newestOutbox(own, 100)).toEqual({ total: 0, messages: [] });
  });
});
