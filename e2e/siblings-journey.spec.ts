import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { extractText } from '../src/server/print/test-pdf-text';
import {
  approvedBook,
  finishedWizard,
  payOrder,
  placedOrder,
  signUpConfirmed,
  uniqueEmail,
} from './support/shop';

/**
 * Issue 35 (docs/decisions/030-siblings.md): a book for two children with their two toys in English
 * and one for three children in French, made, approved, ordered and paid; the quote charges each
 * child beside the lead once, the receipt names them, and every story page of the printed interior
 * tells the whole cast (the words checked here; the pictures are read from `scripts/book-preview.ts`).
 */

test.describe.configure({ timeout: 480_000 });

const look = {
  skin: 'brown',
  hairColor: 'black',
  hairStyle: 'afro',
  eyeColor: 'brown',
  glasses: false,
} as const;

async function printedInterior(bookId: string): Promise<string[]> {
  const folder = path.join(process.env.E2E_DATA_DIR!, 'storage', 'instances', bookId, 'print');
  await expect
    .poll(async () => (await fs.readdir(folder).catch(() => [] as string[])).includes('print-job.json'), {
      timeout: 180_000,
      intervals: [1000],
    })
    .toBe(true);
  return extractText(await fs.readFile(path.join(folder, 'interior.pdf')));
}

async function receiptOf(page: Page, email: string, text: string): Promise<string> {
  let receipt = '';
  await expect
    .poll(
      async () => {
        const { messages } = await (await page.request.get('/api/dev/outbox')).json();
        receipt =
          (messages as { to: string; text: string }[]).find(
            (message) => message.to === email && message.text.includes(text),
          )?.text ?? '';
        return receipt !== '';
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  return receipt;
}

test('two children with their two toys in English: drawn, priced once per extra child, paid, every page tells both', async ({
  page,
}) => {
  const email = uniqueEmail('siblings-en');
  await signUpConfirmed(page, email);
  const leo = {
    name: 'Leo',
    gender: 'male',
    age: 3,
    look,
    toy: { name: 'Hoppy', look: { kind: 'bunny', main: 'pink', second: 'white', feature: 'scarf' } },
  };
  const bookId = await finishedWizard(page, { childName: 'Mia', toyName: 'Biscuit', companions: [leo] });
  await approvedBook(page, bookId);
  const preview = await (await page.request.get(`/api/books/${bookId}`)).json();
  expect(preview.names.companions).toEqual(['Leo']);

  const orderId = await placedOrder(page, bookId, email);
  const order = await (await page.request.get(`/api/orders/${orderId}`)).json();
  expect(order.quote.lines).toContainEqual(
    expect.objectContaining({ productKey: 'extra_child', quantity: 1, totalPrice: 900 }),
  );
  await payOrder(page, orderId);
  expect(await receiptOf(page, email, 'Extra child')).toMatch(/Extra child in the story: Leo/);

  const pages = await printedInterior(bookId);
  const story = pages.join('\n');
  expect(story).toContain('Mia and Leo snuggle under the covers');
  expect(story).not.toMatch(/\{|\}/);
  // Every child is named across the book, and no page speaks of the lead alone as "he" or "she".
  expect(story.match(/Mia and Leo/g)?.length ?? 0).toBeGreaterThan(10);
});

test('three girls in French: the words agree with the group, the two extra children are charged and named', async ({
  page,
}) => {
  const email = uniqueEmail('fratrie-fr');
  await signUpConfirmed(page, email);
  const ines = { name: 'Inès', gender: 'female', age: 7, look };
  const zoe = {
    name: 'Zoé',
    gender: 'female',
    age: 4,
    look: { ...look, hairColor: 'red', hairStyle: 'pigtails' },
  };
  const bookId = await finishedWizard(page, {
    childName: 'Léa',
    toyName: 'Doudou',
    language: 'fr',
    companions: [ines, zoe],
  });
  await approvedBook(page, bookId);
  const orderId = await placedOrder(page, bookId, email);
  const order = await (await page.request.get(`/api/orders/${orderId}`)).json();
  expect(order.quote.lines).toContainEqual(
    expect.objectContaining({ productKey: 'extra_child', quantity: 2, totalPrice: 1800 }),
  );
  await payOrder(page, orderId);
  expect(await receiptOf(page, email, 'Extra child')).toMatch(/Extra child in the story: Inès and Zoé/);

  const story = (await printedInterior(bookId)).join('\n');
  expect(story).toContain('Léa, Inès et Zoé');
  // Three girls: the group agrees in the feminine.
  expect(story).toContain('prêtes pour la nuit');
  expect(story).not.toMatch(/\{|\}/);
});
