import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { userIdOf } from '../../../../test/checkout-factory';
import { signedInAs } from '../../../../test/signed-in';
import { loadConfig } from '../../config';
import { orders } from '../../db/schema';
import { instanceKeys } from '../../storage-keys';
import { paidBookOf, waitFor, waitForBook } from '../production/test-factory';

const OPERATOR = 'rita.reviewer@example.com';

describe('review before print', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ env: { REVIEW_BEFORE_PRINT: 'on', ADMIN_EMAILS: OPERATOR }, worker: true });
  });

  afterAll(async () => {
    await t.close();
  });

  it('is on by default with a hosted illustrator, off with the local one, and can be set', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).reviewBeforePrint).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'test', ILLUSTRATOR: 'gemini', GEMINI_API_KEY: 'key' }).reviewBeforePrint,
    ).toBe(true);
    expect(
      loadConfig({
        NODE_ENV: 'test',
        ILLUSTRATOR: 'gemini',
        GEMINI_API_KEY: 'key',
        REVIEW_BEFORE_PRINT: 'off',
      }).reviewBeforePrint,
    ).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'test', REVIEW_BEFORE_PRINT: 'maybe' })).toThrow(
      /REVIEW_BEFORE_PRINT/,
    );
  });

  it('keeps a paid book from the printer until an operator approves it, then prints it', async () => {
    const email = 'rosa.parent@example.com';
    const user = { cookie: await signedInAs(t, email), id: '' };
    user.id = await userIdOf(t, email);
    const operator = await signedInAs(t, OPERATOR);
    const { bookInstanceId, orderId } = await paidBookOf(t, user, { email });
    const waiting = await waitFor(
      async () => {
        const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
        return row?.printReview === 'waiting' ? row : undefined;
      },
      { what: 'the book to wait for review' },
    );
    expect(waiting).toMatchObject({ status: 'processing', printJobId: null });

    const admin = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      t.app.inject({
        method,
        url,
        headers: {
          cookie: operator,
          origin: t.config.publicUrl,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
    const queue = (await admin('GET', '/api/admin/orders?review=waiting')).json();
    expect(queue.orders.map((order: { id: string }) => order.id)).toEqual([orderId]);
    expect((await admin('GET', '/api/admin/overview')).json().awaitingReview).toBe(1);
    const detail = (await admin('GET', `/api/admin/orders/${orderId}`)).json();
    expect(detail).toMatchObject({ printReview: 'waiting', can: { approvePrint: true } });

    expect(detail.can.redrawPage).toBe(true);

    // A page that does not look right is drawn again; the new picture kept makes version 2, which
    // is what the order prints from now on.
    const book = (await admin('GET', `/api/admin/books/${bookInstanceId}`)).json();
    const page = book.pages.find((entry: { kind: string }) => entry.kind === 'story');
    const redraw = await admin('POST', `/api/admin/orders/${orderId}/redraw`, {
      position: page.position,
      reason: 'The hand looks odd',
    });
    expect(redraw.statusCode, redraw.body).toBe(200);
    const cover = await admin('POST', `/api/admin/orders/${orderId}/redraw`, { position: 0, reason: 'x' });
    expect(cover.statusCode).toBe(400);
    await waitFor(
      async () => {
        const candidates = (await admin('GET', `/api/admin/books/${bookInstanceId}`)).json().candidates;
        return candidates.some((candidate: { status: string }) => candidate.status === 'ready')
          ? true
          : undefined;
      },
      { what: 'the new picture' },
    );
    const kept = await admin('POST', `/api/admin/orders/${orderId}/redraw-choice`, {
      position: page.position,
      picture: 'new',
      reason: 'Better hand',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().book.approvedVersion).toBe(2);
    expect(kept.json().audit.map((entry: { action: string }) => entry.action)).toEqual([
      'redraw_page',
      'keep_redraw',
    ]);

    const approved = await admin('POST', `/api/admin/orders/${orderId}/approve-print`, {
      reason: 'Every page looked at beside the covers',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await waitForBook(t, bookInstanceId, ['fulfilled']);
    const [printed] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(printed).toMatchObject({ status: 'printing', printReview: 'approved' });
    expect(printed?.printJobId).not.toBeNull();
    // The print files were built from version 2, its pictures checked against their hashes.
    const summary = await t.storage.get('instances', instanceKeys(bookInstanceId).book);
    expect(JSON.parse(summary!.data.toString()).version.number).toBe(2);
    expect((await admin('GET', `/api/admin/orders/${orderId}`)).json().can.redrawPage).toBe(false);
    const again = await admin('POST', `/api/admin/orders/${orderId}/approve-print`, { reason: 'twice' });
    expect(again.statusCode).toBe(409);
    expect((await admin('GET', '/api/admin/overview')).json().awaitingReview).toBe(0);
  }, 120_000);
});
