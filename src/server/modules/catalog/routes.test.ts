import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { productPricing, themes } from '../../db/schema';
import { invalidateCatalog } from './service';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/catalog/themes', () => {
  it('lists the storybook themes by default, from the database: one per story folder, in order', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/catalog/themes' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.type).toBe('storybook');
    expect(body.themes.map((theme: { id: string }) => theme.id)).toEqual([
      'guardian-friend',
      'birthday-adventure',
    ]);
    expect(body.themes[0]).toMatchObject({ ageMin: 2, ageMax: 8, book: { slug: 'guardian-friend' } });
    expect(body.themes[0].images).toHaveLength(5);
    expect(body.themes[1]).toMatchObject({
      book: { slug: 'birthday-adventure', title: 'The Runaway Balloon' },
    });
    expect(body.themes[1].images[0].src).toBe('/catalog/themes/birthday-adventure/gallery-1.webp');
  });

  it("serves each theme's catalogue texts from its story folder, in every language", async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/catalog/themes' })).json();
    const birthday = body.themes[1];
    expect(Object.keys(birthday.texts).sort()).toEqual(['de', 'en', 'fr', 'it']);
    expect(birthday.texts.de).toMatchObject({
      title: 'Der Ballon auf Reisen',
      tags: expect.arrayContaining(['Geburtstag']),
    });
    expect(birthday.texts.it.title).toMatch(/palloncino/i);
    expect(birthday.texts.fr.gallery).toHaveLength(birthday.images.length);
    expect(body.themes[0].texts.en.title).toBe('My Guardian Friend');
  });

  it('reads colouring as coloring', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/catalog/themes?type=colouring' });
    expect(response.statusCode).toBe(200);
    expect(response.json().type).toBe('coloring');
    expect(response.json().themes).toHaveLength(2);
  });

  it('refuses an unknown book type with the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/catalog/themes?type=comic' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_INVALID_PARAM');
  });

  it('leaves out a theme that was switched off or does not offer the type', async () => {
    await t.database.db
      .update(themes)
      .set({ bookTypes: ['storybook'] })
      .where(eq(themes.id, 'guardian-friend'));
    invalidateCatalog(t.database.db);
    const ids = (response: { json: () => { themes: { id: string }[] } }) =>
      response.json().themes.map((theme) => theme.id);
    const coloring = await t.app.inject({ method: 'GET', url: '/api/catalog/themes?type=coloring' });
    expect(ids(coloring)).toEqual(['birthday-adventure']);
    await t.database.db.update(themes).set({ isActive: false }).where(eq(themes.id, 'guardian-friend'));
    invalidateCatalog(t.database.db);
    const storybook = await t.app.inject({ method: 'GET', url: '/api/catalog/themes' });
    expect(ids(storybook)).toEqual(['birthday-adventure']);
    await t.database.db
      .update(themes)
      .set({ isActive: true, bookTypes: ['storybook', 'coloring'] })
      .where(eq(themes.id, 'guardian-friend'));
    invalidateCatalog(t.database.db);
  });
});

describe('GET /api/catalog/themes/:themeId', () => {
  it('answers one theme', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/catalog/themes/guardian-friend?type=colouring',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe('guardian-friend');
  });

  it('answers 404 for an unknown theme', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/catalog/themes/dragon-rider' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Theme not found' } });
  });
});

describe('GET /api/catalog/prices', () => {
  it('answers the active prices in cents and follows a change of the pricing row', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/catalog/prices' });
    expect(before.json()).toEqual({
      currency: 'CHF',
      prices: [
        // The bilingual edition's add-on (docs/decisions/026-the-bilingual-edition.md), cheapest first.
        { productKey: 'bilingual_edition', basePrice: 500, discountPercentage: 0 },
        // Each child beside the lead (docs/decisions/030-siblings.md).
        { productKey: 'extra_child', basePrice: 900, discountPercentage: 0 },
        { productKey: 'softcover_book', basePrice: 2999, discountPercentage: 0 },
        { productKey: 'hardcover_book', basePrice: 3999, discountPercentage: 0 },
      ],
    });
    await t.database.db
      .update(productPricing)
      .set({ basePrice: 2499 })
      .where(eq(productPricing.productKey, 'softcover_book'));
    await t.database.db
      .update(productPricing)
      .set({ isActive: false })
      .where(eq(productPricing.productKey, 'hardcover_book'));
    // Served from memory for a few seconds (issue 19), then read again: at once when invalidated.
    const cached = await t.app.inject({ method: 'GET', url: '/api/catalog/prices' });
    expect(cached.json()).toEqual(before.json());
    invalidateCatalog(t.database.db);
    const after = await t.app.inject({ method: 'GET', url: '/api/catalog/prices' });
    expect(after.json().prices).toEqual([
      { productKey: 'bilingual_edition', basePrice: 500, discountPercentage: 0 },
      { productKey: 'extra_child', basePrice: 900, discountPercentage: 0 },
      { productKey: 'softcover_book', basePrice: 2499, discountPercentage: 0 },
    ]);
  });
});
