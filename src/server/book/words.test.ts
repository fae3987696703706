// Issue 29, docs/decisions/018: a book's words live in its versions. A page's text changed in a new
// version is what the reader shows, what the print file prints and what a gift copy prints, and a
// name changed in a version is what the book's title says elsewhere (My Books).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { userIdOf } from '../../../test/checkout-factory';
import { signedInAs } from '../../../test/signed-in';
import type { BookPreview } from '../../shared/contracts/book-preview';
import { bookInstances } from '../db/schema';
import { approveBook, draftBookOf, payFor, waitForBook } from '../modules/production/test-factory';
import { extractText } from '../print/test-pdf-text';
import { instanceKeys } from '../storage-keys';
import { addVersion, versionById } from './versions';

const CHANGED = 'Emma counted seven silver stars before Teddy whispered goodnight.';

let t: TestApp;
let user: { id: string; cookie: string };

beforeAll(async () => {
  t = await buildTestApp({ worker: true });
  user = { cookie: await signedInAs(t, 'words.owner@example.com'), id: '' };
  user.id = await userIdOf(t, 'words.owner@example.com');
});

afterAll(async () => {
  await t.close();
});

async function preview(id: string, query = ''): Promise<BookPreview> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/books/${id}${query}`,
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as BookPreview;
}

async function pdfText(key: string): Promise<string> {
  const object = await t.storage.get('instances', key);
  if (!object) throw new Error(`no file ${key}`);
  return (await extractText(object.data)).join('\n').replace(/\s+/g, ' ');
}

describe("the book's words, from its versions", () => {
  it('shows a changed page in the reader, the print file and a gift copy', async () => {
    const { bookInstanceId: id } = await draftBookOf(t, user);
    await waitForBook(t, id, ['ready'], 180_000);
    // A new version whose third page says other words (the version is the one place they live).
    await t.database.db.transaction(async (tx) => {
      const [instance] = await tx.select().from(bookInstances).where(eq(bookInstances.id, id));
      const current = await versionById(tx, id, instance!.currentVersionId);
      const pages = current!.texts.pages.map((page) =>
        page.position === 3 ? { ...page, text: CHANGED } : page,
      );
      await addVersion(tx, id, { ...current!.texts, pages }, current!.pictures);
    });

    const reader = await preview(id);
    expect(reader.pages.find((page) => page.storyPage === 3)?.text).toBe(CHANGED);

    await approveBook(t, user, id);
    await payFor(t, user, id, {
      copyGifts: [{ position: 1, dedication: { message: 'For Emma, with love', signature: 'Granny' } }],
    });
    const gift = await preview(id, '?copy=1');
    expect(gift.pages.find((page) => page.storyPage === 3)?.text).toBe(CHANGED);
    expect(gift.dedication.signature).toBe('Granny');

    await waitForBook(t, id, ['fulfilled'], 120_000);
    const keys = instanceKeys(id);
    expect(await pdfText(keys.interior)).toContain(CHANGED);
    const copy = await pdfText(keys.copyInterior(1));
    expect(copy).toContain(CHANGED);
    expect(copy).toContain('Granny');
  }, 300_000);

  it("names a book after its current version's words, not the wizard's first ones", async () => {
    const { bookInstanceId: id } = await draftBookOf(t, user, { childName: 'Emma' });
    await waitForBook(t, id, ['ready'], 180_000);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/books/${id}`,
      headers: { cookie: user.cookie, origin: t.config.publicUrl, 'content-type': 'application/json' },
      payload: JSON.stringify({ childName: 'Léa' }),
    });
    expect(changed.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ metadata: bookInstances.wizardMetadata })
      .from(bookInstances)
      .where(eq(bookInstances.id, id));
    // The wizard's answer stays as the wizard wrote it; the words are the version's.
    expect(row?.metadata.childName).toBe('Emma');
    const books = await t.app.inject({
      method: 'GET',
      url: '/api/profile/books',
      headers: { cookie: user.cookie },
    });
    const mine = (books.json() as { books: { id: string; title: string; childName: string }[] }).books.find(
      (book) => book.id === id,
    );
    expect(mine?.title).toContain('Léa');
    expect(mine?.childName).toBe('Léa');
  }, 300_000);
});
