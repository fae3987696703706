import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ARTWORK } from './artwork/catalog';

const publicDir = path.resolve('public');

/** Every file the catalogue promises, with its exact pixel size. */
const EXPECTED: Array<[file: string, width: number, height: number]> = [
  ...[1, 2, 3, 4].flatMap(
    (i): Array<[string, number, number]> => [
      [`catalog/home/hero-${i}.webp`, 1440, 960],
      [`catalog/home/hero-${i}-720.webp`, 720, 480],
    ],
  ),
  ...['true-photo', 'personalise', 'magical'].flatMap(
    (name): Array<[string, number, number]> => [
      [`catalog/home/product-${name}.webp`, 1200, 900],
      [`catalog/home/product-${name}-600.webp`, 600, 450],
    ],
  ),
  ...[1, 2, 3, 4, 5].flatMap(
    (i): Array<[string, number, number]> => [
      [`catalog/themes/guardian-friend/gallery-${i}.webp`, 1200, 900],
      [`catalog/themes/guardian-friend/gallery-${i}-600.webp`, 600, 450],
    ],
  ),
  ['catalog/books/guardian-friend/main.webp', 1000, 1000],
];

const EXPECTED_ALTS = [
  'hero.1',
  'hero.2',
  'hero.3',
  'hero.4',
  'product.truePhoto',
  'product.personalise',
  'product.magical',
  'book.guardian-friend',
];

/** The stories' gallery pictures have their alt texts in their folders (src/server/stories/). */

/** Flattens nested JSON into dotted keys, splitting only on the nesting (keys may hold dashes). */
function leaves(value: unknown, prefix = ''): Record<string, unknown> {
  if (value === null || typeof value !== 'object') return { [prefix]: value };
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value))
    Object.assign(out, leaves(child, prefix ? `${prefix}.${key}` : key));
  return out;
}

const readAlts = (lang: string) =>
  leaves(JSON.parse(readFileSync(path.join(publicDir, 'locales', lang, 'artwork.json'), 'utf8')));

describe('catalogue artwork', () => {
  it('the generator writes exactly the promised files', () => {
    const written = ARTWORK.flatMap((art) => art.outputs.map((o) => [o.file, o.width, o.height]));
    expect(written.sort()).toEqual([...EXPECTED].sort());
  });

  it.each(EXPECTED)('%s is a %ix%i WebP', async (file, width, height) => {
    const full = path.join(publicDir, file);
    expect(existsSync(full), `${file} is missing: run npx tsx scripts/make-artwork.ts`).toBe(true);
    const meta = await sharp(full).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([width, height]);
  });

  it('en and fr have the same alt keys, one per image, each a non-empty sentence', () => {
    const en = readAlts('en');
    const fr = readAlts('fr');
    expect(Object.keys(en).sort()).toEqual([...EXPECTED_ALTS].sort());
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    expect(ARTWORK.flatMap((art) => art.alt ?? []).sort()).toEqual([...EXPECTED_ALTS].sort());
    for (const alts of [en, fr]) {
      for (const [key, text] of Object.entries(alts)) {
        expect(typeof text, key).toBe('string');
        expect((text as string).trim().length, key).toBeGreaterThan(20);
      }
    }
  });
});
