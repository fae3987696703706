import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/build-test-app';
import { queryRows } from '../../db/client';
import { printStatusScheduler } from '../../services';
import { instanceKeys } from '../../storage-keys';
import { createLocalStorage } from '../storage/local';
import type { PrintSubmission } from './index';
import { createLocalPrinter } from './local';

let database: TestDatabase;
let dir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'printer-test-'));
});

afterAll(async () => {
  await database.close();
  await fs.rm(dir, { recursive: true, force: true });
});

function submission(orderId: string, bookInstanceId: string): PrintSubmission {
  const pdf = (name: string) => Buffer.from(`%PDF-1.7 ${name}`);
  const keys = instanceKeys(bookInstanceId);
  return {
    externalId: orderId,
    orderNumber: 'BK-1',
    bookInstanceId,
    title: 'Emma and the Night Guardian',
    pageCount: 32,
    interior: { key: keys.interior, data: pdf('interior') },
    ticketKey: keys.printTicket,
    shippingLevel: 'standard',
    items: [
      {
        bookType: 'storybook',
        coverType: 'hardcover',
        quantity: 1,
        cover: { key: keys.cover, data: pdf('hard') },
      },
      {
        bookType: 'coloring',
        coverType: 'softcover',
        quantity: 2,
        cover: { key: keys.extraCover('softcover'), data: pdf('soft') },
      },
    ],
    shipTo: {
      name: 'Anna Muster',
      email: 'anna@example.com',
      address: 'Hauptstrasse 1',
      city: 'Berlin',
      postalCode: '10115',
      country: 'DE',
    },
  };
}

describe('the local printer', () => {
  it('keeps the files under print/ with a ticket, and schedules shipped then delivered once', async () => {
    const storage = createLocalStorage(path.join(dir, 'storage'));
    const printer = createLocalPrinter({
      storage,
      // The shop's own port (services.ts): the reports become delayed print-status jobs.
      scheduleReport: printStatusScheduler(database.db),
      publicUrl: 'https://shop.example',
      shipAfterSeconds: 600,
      deliverAfterSeconds: 300,
    });
    const orderId = crypto.randomUUID();
    const bookInstanceId = crypto.randomUUID();
    const first = await printer.submit(submission(orderId, bookInstanceId));
    const again = await printer.submit(submission(orderId, bookInstanceId));
    expect(again).toEqual(first);
    expect(first.printJobId).toMatch(/^LP-/);
    const keys = instanceKeys(bookInstanceId);
    expect(await storage.list('instances', keys.printFolder)).toEqual([
      keys.extraCover('softcover'),
      keys.cover,
      keys.interior,
      keys.printTicket,
    ]);
    const ticket = JSON.parse((await storage.get('instances', keys.printTicket))!.data.toString());
    expect(ticket).toMatchObject({
      printJobId: first.printJobId,
      externalId: orderId,
      pageCount: 32,
      items: [
        { bookType: 'storybook', coverType: 'hardcover', quantity: 1 },
        { bookType: 'coloring', coverType: 'softcover', quantity: 2 },
      ],
    });

    const scheduled = await queryRows<{
      status: string;
      tracking: string | null;
      url: string | null;
      delay: number;
    }>(
      database.db,
      sql`select payload->'update'->>'status' as status, payload->'update'->>'trackingNumber' as tracking,
                 payload->'update'->>'trackingUrl' as url, extract(epoch from run_after - now())::float as delay
          from jobs where queue = 'print-status' and payload->>'orderId' = ${orderId} order by run_after`,
    );
    expect(scheduled.map((job) => job.status)).toEqual(['shipped', 'delivered']);
    expect(scheduled[0]?.tracking).toMatch(/^CT\d{10}CH$/);
    expect(scheduled[0]?.url).toBe(`https://shop.example/order-confirmation/${orderId}`);
    expect(Number(scheduled[0]?.delay)).toBeGreaterThan(590);
    expect(Number(scheduled[0]?.delay)).toBeLessThanOrEqual(600);
    expect(Number(scheduled[1]?.delay)).toBeGreaterThan(890);
  });
});
