import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { userIdOf } from '../../../../test/checkout-factory';
import { withDatabase } from '../../../../test/global-setup';
import { signedInAs } from '../../../../test/signed-in';
import { readOutbox } from '../../adapters/mail/outbox';
import { queryRows } from '../../db/client';
import { jobs } from '../../db/schema';
import { preflight } from '../../print/index';
import { instanceKeys } from '../../storage-keys';
import { approveBook, draftBookOf, payFor, waitFor, waitForBook } from './test-factory';

const root = path.resolve(import.meta.dirname, '..', '..', '..', '..');

type SpreadState = {
  id: string;
  position: number;
  status: string;
  attempts: number;
  image_id: string | null;
};

// A worker is a separate process here (`npm run worker`), so the database must be one that two
// processes can open: PostgreSQL, given by TEST_DATABASE_URL (the server:pg project). The embedded
// PGlite of the other project lives inside the test process, which no child process can reach.
describe.skipIf(process.env.TEST_DB_DRIVER !== 'pg')(
  'a worker process killed in the middle of a book',
  () => {
    let t: TestApp;
    const children: ChildProcess[] = [];
    const output: string[] = [];

    function spawnWorker(): ChildProcess {
      const { baseUrl } = inject('pgTemplate');
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          DATABASE_URL: withDatabase(baseUrl, t.database.name),
          DATA_DIR: t.dataDir,
          PUBLIC_URL: t.config.publicUrl,
          LOG_LEVEL: 'warn',
          ILLUSTRATOR: 'local',
          WORKER_LEASE_SECONDS: '2',
          WORKER_POLL_MS: '100',
          WORKER_BACKOFF_SECONDS: '0',
          WORKER_PAGE_CONCURRENCY: '2',
          PRINTER_SHIP_AFTER_SECONDS: '3600',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (data: Buffer) => output.push(data.toString()));
      child.stderr?.on('data', (data: Buffer) => output.push(data.toString()));
      children.push(child);
      return child;
    }

    const spreadStates = (bookInstanceId: string) =>
      queryRows<SpreadState>(
        t.database.db,
        sql`select s.id, s.position, s.status, s.attempts, g.id as image_id
          from spreads s left join generated_image g on g.spread_id = s.id
          where s.book_instance_id = ${bookInstanceId} order by s.position`,
      );

    beforeAll(async () => {
      t = await buildTestApp();
    });

    afterAll(async () => {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      await t.close();
    });

    it('is replaced by another: the book finishes, no spread is illustrated twice, nothing is lost', async () => {
      const user = { cookie: await signedInAs(t, 'crash.buyer@example.com'), id: '' };
      user.id = await userIdOf(t, 'crash.buyer@example.com');
      // The book is drawn before paying (issue 15): the worker dies while drawing it.
      const { bookInstanceId } = await draftBookOf(t, user);

      const first = spawnWorker();
      const before = await waitFor(
        async () => {
          const states = await spreadStates(bookInstanceId);
          return states.filter((s) => s.status === 'done').length >= 8 ? states : undefined;
        },
        { timeoutMs: 90_000, intervalMs: 20, what: `8 pages drawn by the first worker\n${output.join('')}` },
      );
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      // What the dead worker finished, read after it died (it may have finished one more meanwhile).
      const finished = (await spreadStates(bookInstanceId)).filter((s) => s.status === 'done');
      expect(finished.length).toBeGreaterThanOrEqual(before.filter((s) => s.status === 'done').length);
      expect(finished.length).toBeLessThan(30);
      const [held] = await t.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.singletonKey, `draw-book:${bookInstanceId}`));
      expect(held).toMatchObject({ state: 'active', attempts: 1 });

      spawnWorker();
      const drawn = await waitForBook(t, bookInstanceId, ['ready', 'archived'], 150_000);
      expect(drawn.status).toBe('ready');

      const after = await spreadStates(bookInstanceId);
      expect(after).toHaveLength(30);
      expect(after.every((s) => s.status === 'done' && s.image_id !== null)).toBe(true);
      // Pages the dead worker finished were not drawn again: same picture row, one attempt.
      for (const done of finished) {
        expect(after.find((s) => s.id === done.id)).toMatchObject({ image_id: done.image_id, attempts: 1 });
      }
      // Only the pages it was drawing when it died were started twice.
      expect(after.filter((s) => s.attempts > 1).length).toBeLessThanOrEqual(2);
      const [images] = await queryRows<{ count: number; spreads: number }>(
        t.database.db,
        sql`select count(*)::int as count, count(distinct spread_id)::int as spreads
          from generated_image where book_instance_id = ${bookInstanceId}`,
      );
      expect(images).toEqual({ count: 30, spreads: 30 });
      const pages = await t.storage.list('instances', instanceKeys(bookInstanceId).pagesFolder);
      expect(pages).toHaveLength(30);

      // The job is marked done just after the book is ready (the handler has returned by then).
      const job = await waitFor(
        async () => {
          const [row] = await t.database.db
            .select()
            .from(jobs)
            .where(eq(jobs.singletonKey, `draw-book:${bookInstanceId}`));
          return row?.state === 'active' ? undefined : row;
        },
        { timeoutMs: 10_000, what: 'the draw-book job to finish' },
      );
      expect(job).toMatchObject({ state: 'done', attempts: 2 });

      // Approved and paid, the surviving worker prints it without drawing anything again.
      await approveBook(t, user, bookInstanceId);
      const { orderId } = await payFor(t, user, bookInstanceId);
      const book = await waitForBook(t, bookInstanceId, ['fulfilled', 'archived'], 150_000);
      expect(book.status).toBe('fulfilled');
      expect(await t.storage.list('instances', instanceKeys(bookInstanceId).pagesFolder)).toHaveLength(30);
      const interior = await t.storage.get('instances', instanceKeys(bookInstanceId).interior);
      expect(
        (await preflight(interior!.data, { kind: 'interior', coverType: 'hardcover', pageCount: 32 }))
          .problems,
      ).toEqual([]);
      const [order] = await queryRows<{ status: string; print_job_id: string | null }>(
        t.database.db,
        sql`select status, print_job_id from orders where id = ${orderId}`,
      );
      expect(order?.status).toBe('printing');
      expect(order?.print_job_id).toMatch(/^LP-/);
      // The e-mails went out through the outbox of the worker processes.
      const subjects = await waitFor(
        async () => {
          const subjects = (await readOutbox(path.join(t.dataDir, 'outbox'))).map((entry) => entry.subject);
          return subjects.includes('Your book has gone to print') ? subjects : undefined;
        },
        { what: 'the order e-mails' },
      );
      expect(subjects.filter((subject) => subject.endsWith('is paid'))).toHaveLength(1);
      expect(subjects.filter((subject) => subject === 'Your book has gone to print')).toHaveLength(1);
    }, 300_000);
  },
);
