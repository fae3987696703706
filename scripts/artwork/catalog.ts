/**
 * Every catalogue image: which scene draws it, the design size it is drawn at and the files it is
 * written to (relative to public/). Shared by the generator and its test, so they cannot drift.
 */

interface Output {
  file: string;
  width: number;
  height: number;
}

export interface Artwork {
  scene: string;
  /**
   * Key of the alt text in public/locales/{lang}/artwork.json, dotted; none for a story's gallery
   * picture, whose alt text is in its folder (src/server/stories/{id}/book.{lang}.json).
   */
  alt?: string;
  width: number;
  height: number;
  outputs: Output[];
}

const variants = (base: string, w: number, h: number, small: string, sw: number, shh: number): Output[] => [
  { file: `${base}.webp`, width: w, height: h },
  { file: `${base}-${small}.webp`, width: sw, height: shh },
];

const hero = (i: number): Artwork => ({
  scene: `hero-${i}`,
  alt: `hero.${i}`,
  width: 1440,
  height: 960,
  outputs: variants(`catalog/home/hero-${i}`, 1440, 960, '720', 720, 480),
});

const product = (name: string, key: string): Artwork => ({
  scene: `product-${name}`,
  alt: `product.${key}`,
  width: 1200,
  height: 900,
  outputs: variants(`catalog/home/product-${name}`, 1200, 900, '600', 600, 450),
});

const gallery = (i: number): Artwork => ({
  scene: `gallery-${i}`,
  width: 1200,
  height: 900,
  outputs: variants(`catalog/themes/guardian-friend/gallery-${i}`, 1200, 900, '600', 600, 450),
});

export const ARTWORK: Artwork[] = [
  hero(1),
  hero(2),
  hero(3),
  hero(4),
  product('true-photo', 'truePhoto'),
  product('personalise', 'personalise'),
  product('magical', 'magical'),
  gallery(1),
  gallery(2),
  gallery(3),
  gallery(4),
  gallery(5),
  {
    scene: 'book-guardian-friend',
    alt: 'book.guardian-friend',
    width: 1000,
    height: 1000,
    outputs: [{ file: 'catalog/books/guardian-friend/main.webp', width: 1000, height: 1000 }],
  },
];
