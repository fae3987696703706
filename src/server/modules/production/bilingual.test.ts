// Issue 32, the bilingual edition (docs/decisions/026-the-bilingual-edition.md): a French book with
// German as its second language is priced with the edition (the book and each copy printed in the
// book's language), and its print files carry both texts on every story page; a gift copy in a
// language of its own prints that language alone. Another account still gets 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { userIdOf, WORKED_EXAMPLE } from '../../../../test/checkout-factory';
import { signedInAs } from '../../../../test/signed-in';
import type { Order } from '../../../shared/contracts/checkout';
import { quoteOrder } from '../../../shared/domain/quote';
import { extractText } from '../../print/test-pdf-text';
import { instanceKeys } from '../../storage-keys';
import { loadStory, renderStory } from '../../stories/story';
import { activePrices } from '../pricing/prices';
import { paidBookOf, waitForBook } from './test-factory';

let t: TestApp;
let user: { id: string; cookie: string };
let other: string;

beforeAll(async () => {
  t = await buildTestApp({ worker: true });
  user = { cookie: await signedInAs(t, 'bilingue@example.com'), id: '' };
  user.id = await userIdOf(t, 'bilingue@example.com');
  other = await signedInAs(t, 'someone.else@example.com');
});

afterAll(async () => {
  await t.close();
});

/** Every page's text of a PDF, its spaces (no-break ones too) and line breaks gone. */
async function pagesOf(key: string): Promise<string[]> {
  const object = await t.storage.get('instances', key);
  if (!object) throw new Error(`no file ${key}`);
  return (await extractText(object.data)).map(squeeze);
}
const squeeze = (text: string) => text.replace(/[\s\u00a0]+/g, '');

/** The story pages' texts in a language, told with the test book's names. */
async function told(bookType: 'storybook' | 'coloring', language: 'fr' | 'de' | 'it') {
  const story = renderStory(await loadStory('guardian-friend', bookType, language), {
    child: { name: 'Emma', gender: 'female', age: 5 },
    toy: { name: 'Teddy' },
    dedication: { message: '', signature: 'Mum and Dad' },
    language,
  });
  return story.pages.map((page) => squeeze(page.text));
}

/** True when some page of `pages` holds both texts. */
const together = (pages: string[], first: string, second: string) =>
  pages.some((page) => page.includes(first) && page.includes(second));

describe('the bilingual edition', () => {
  it('prices it per bilingual book and prints French and German on every story page; a copy in Italian prints Italian alone', async () => {
    const { bookInstanceId, orderId } = await paidBookOf(t, user, {
      email: 'bilingue@example.com',
      language: 'fr',
      secondLanguage: 'de',
      // The worked example: hardcover + 2 softcover copies to Germany; copy 1 in Italian.
      copyGifts: [{ position: 1, language: 'it' }],
    });
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}`,
      headers: { cookie: user.cookie },
    });
    const order = view.json() as Order;
    // The book and copy 2 are bilingual, copy 1 is Italian alone: the edition twice.
    expect(order.quote.lines.find((line) => line.productKey === 'bilingual_edition')).toMatchObject({
      itemType: 'bilingual_edition',
      quantity: 2,
      unitPrice: 500,
      totalPrice: 1000,
    });
    const expected = quoteOrder(
      await activePrices(t.database.db),
      { ...WORKED_EXAMPLE, country: 'DE', bilingualBooks: 2 },
      { taxRateBasisPoints: 770 },
    );
    expect(order.quote.total).toBe(expected.total);
    // The receipt names it, in the order's language (French).
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/receipt`,
      headers: { cookie: user.cookie },
    });
    expect(squeeze((await extractText(receipt.rawPayload)).join('\n'))).toContain(
      squeeze('Édition bilingue, deux langues sur chaque page 2 10,00 CHF'),
    );

    await waitForBook(t, bookInstanceId, ['fulfilled'], 180_000);
    const keys = instanceKeys(bookInstanceId);
    const interior = await pagesOf(keys.interior);
    const [french, german, italian] = [
      await told('storybook', 'fr'),
      await told('storybook', 'de'),
      await told('storybook', 'it'),
    ];
    const missing = french.filter((text, index) => !together(interior, text, german[index]!));
    expect(missing).toEqual([]);
    // The Italian copy: its own interior, Italian only.
    const copy = (await pagesOf(keys.copyInterior(1))).join('');
    expect(italian.every((text) => copy.includes(text))).toBe(true);
    expect(german.some((text) => copy.includes(text))).toBe(false);

    // The reader's pictures stay the owner's.
    const picture = await t.app.inject({
      method: 'GET',
      url: `/api/books/${bookInstanceId}/pages/3/image?w=480`,
      headers: { cookie: other },
    });
    expect(picture.statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/books/${bookInstanceId}/pages/3/image?w=480`,
      headers: { cookie: user.cookie },
    });
    expect(own.statusCode).toBe(200);
  }, 300_000);

  it('prints each coloring caption in both languages', async () => {
    const { bookInstanceId } = await paidBookOf(t, user, {
      email: 'bilingue@example.com',
      bookType: 'coloring',
      language: 'de',
      secondLanguage: 'fr',
      grandparentCopies: { count: 0, coverType: 'softcover' },
    });
    await waitForBook(t, bookInstanceId, ['fulfilled'], 180_000);
    const interior = await pagesOf(instanceKeys(bookInstanceId).interior);
    const [german, french] = [await told('coloring', 'de'), await told('coloring', 'fr')];
    const missing = german.filter((text, index) => !together(interior, text, french[index]!));
    expect(missing).toEqual([]);
  }, 300_000);
});
