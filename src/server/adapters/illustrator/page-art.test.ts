import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CoverResult, PageRequest } from './index';
import { createLocalIllustrator } from './local';
import { planPage, VIGNETTE_GAP } from './page-art';
import { SCENE_SIZE, SCENES, type Spot } from './page-scenes';
import { makeImage } from './test-fakes/images';
import { GARBAGE, heroCover, toyCover } from './test-photos';

const PAGE_TIMEOUT = 30_000;

// The pages need no photo check: a checker that is never called keeps the model unloaded.
const illustrator = createLocalIllustrator({
  photoChecker: {
    hasPerson: () => Promise.reject(new Error('not expected')),
    hasToy: () => Promise.reject(new Error('not expected')),
  },
});

let hero: Buffer;
let toy: Buffer;
beforeAll(async () => {
  [hero, toy] = await Promise.all([heroCover(), toyCover()]);
}, PAGE_TIMEOUT);

const page = (overrides: Partial<PageRequest> = {}): PageRequest => ({
  heroCover: hero,
  toyCover: toy,
  scene: { key: 'bedroom-night', prompt: 'The child and the toy snuggle in bed under a starry window.' },
  style: 'color',
  pageNumber: 1,
  size: 1024,
  language: 'en',
  ...overrides,
});

function image(result: CoverResult): Buffer {
  if (!result.ok) throw new Error(`expected a page, got ${result.code}: ${result.message}`);
  expect(result.mimeType).toBe('image/png');
  return result.image;
}

/** Greyscale pixels, at a small size: enough to compare pictures. */
const thumbnail = (png: Buffer) => sharp(png).resize(128, 128).greyscale().raw().toBuffer();

/** The mean difference of two pictures, 0 to 255. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([thumbnail(a), thumbnail(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

/** The mean RGB colour of a square around (x, y), given in scene pixels of a 1024 page. */
async function meanColour(png: Buffer, x: number, y: number, half: number): Promise<number[]> {
  const { width = SCENE_SIZE } = await sharp(png).metadata();
  const k = width / SCENE_SIZE;
  const area = {
    left: Math.round((x - half) * k),
    top: Math.round((y - half) * k),
    width: Math.round(2 * half * k),
    height: Math.round(2 * half * k),
  };
  // Not `stats()`: it reads the whole input, whatever the pipeline extracts.
  const pixels = await sharp(png).extract(area).removeAlpha().raw().toBuffer();
  const sums = [0, 0, 0];
  for (let i = 0; i < pixels.length; i++) sums[i % 3]! += pixels[i]!;
  return sums.map((sum) => sum / (pixels.length / 3));
}

const hex = (colour: string) => [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));
const distance = (a: number[], b: number[]) => Math.max(...a.map((value, i) => Math.abs(value - b[i]!)));

describe('local illustrator: pages', () => {
  it(
    'draws a size x size PNG, enlarging past the 1024 px working size',
    async () => {
      for (const size of [512, 1024, 2048]) {
        const png = image(await illustrator.illustratePage(page({ size })));
        expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: size, height: size });
      }
    },
    PAGE_TIMEOUT,
  );

  it(
    'draws a different picture for each scene, and for each page of the same scene',
    async () => {
      const keys = ['bedroom-night', 'forest-path', 'breakfast'];
      const pages = await Promise.all(
        keys.map(async (key) =>
          image(await illustrator.illustratePage(page({ scene: { key, prompt: '' } }))),
        ),
      );
      for (let i = 0; i < pages.length; i++) {
        for (let j = i + 1; j < pages.length; j++) {
          expect(pages[i]!.equals(pages[j]!)).toBe(false);
          expect(await difference(pages[i]!, pages[j]!)).toBeGreaterThan(20);
        }
      }
      const next = image(await illustrator.illustratePage(page({ pageNumber: 2 })));
      expect(await difference(pages[0]!, next)).toBeGreaterThan(5);
    },
    PAGE_TIMEOUT,
  );

  it(
    'gives the same bytes for the same request, also from another instance',
    async () => {
      const request = page({ scene: { key: 'meadow-fireflies', prompt: '' }, pageNumber: 7 });
      const first = image(await illustrator.illustratePage(request));
      const second = image(await illustrator.illustratePage(request));
      const other = image(await createLocalIllustrator().illustratePage(request));
      expect(second.equals(first)).toBe(true);
      expect(other.equals(first)).toBe(true);
      const line = page({ ...request, style: 'line' });
      expect(
        image(await illustrator.illustratePage(line)).equals(image(await illustrator.illustratePage(line))),
      ).toBe(true);
    },
    PAGE_TIMEOUT,
  );

  it(
    'draws coloring pages in black lines on white',
    async () => {
      for (const key of ['garden-night', 'bath-time']) {
        const png = image(
          await illustrator.illustratePage(page({ scene: { key, prompt: '' }, style: 'line' })),
        );
        const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
        expect([info.width, info.height]).toEqual([1024, 1024]);
        let black = 0;
        let white = 0;
        for (const value of data) {
          if (value < 40) black++;
          else if (value > 215) white++;
        }
        // Nearly only black and white, mostly white paper, and lines to colour in.
        expect((black + white) / data.length).toBeGreaterThan(0.95);
        expect(white / data.length).toBeGreaterThan(0.7);
        expect(black / data.length).toBeGreaterThan(0.02);
      }
    },
    PAGE_TIMEOUT,
  );

  it(
    'draws the coloring page from the same composition as the colour page',
    async () => {
      const side = 256;
      const grey = (png: Buffer) => sharp(png).resize(side, side).greyscale().raw().toBuffer();
      for (const [key, pageNumber] of [
        ['starry-sky', 1],
        ['bedroom-night', 2],
      ] as const) {
        const request = page({ scene: { key, prompt: '' }, pageNumber });
        const [colour, line] = await Promise.all([
          illustrator.illustratePage(request).then(image).then(grey),
          illustrator
            .illustratePage({ ...request, style: 'line' })
            .then(image)
            .then(grey),
        ]);
        // Where the colour page changes within two pixels: its edges.
        const edge = (x: number, y: number) => {
          let low = 255;
          let high = 0;
          for (let dy = -2; dy <= 2; dy++) {
            for (let dx = -2; dx <= 2; dx++) {
              const v =
                colour[
                  Math.min(side - 1, Math.max(0, y + dy)) * side + Math.min(side - 1, Math.max(0, x + dx))
                ]!;
              low = Math.min(low, v);
              high = Math.max(high, v);
            }
          }
          return high - low > 24;
        };
        let lines = 0;
        let onEdges = 0;
        for (let y = 0; y < side; y++) {
          for (let x = 0; x < side; x++) {
            if (line[y * side + x]! >= 160) continue;
            lines++;
            if (edge(x, y)) onEdges++;
          }
        }
        // The lines trace the colour page's edges: none drawn where the colour page is flat.
        expect(lines).toBeGreaterThan(side * side * 0.03);
        expect(onEdges / lines).toBeGreaterThan(0.9);
      }
    },
    PAGE_TIMEOUT,
  );

  it(
    'puts the child of the hero cover and the toy of the toy cover in the picture',
    async () => {
      const pink = '#d23c8c';
      const teal = '#2a9d8f';
      const orange = '#e8892b';
      const [pinkCover, tealCover, orangeCover] = await Promise.all(
        [pink, teal, orange].map((color) => makeImage('png', { width: 1024, height: 1024, color })),
      );
      for (const key of ['garden-night', 'bedroom-night', 'bath-time', 'breakfast']) {
        const request = page({
          heroCover: pinkCover!,
          toyCover: tealCover!,
          scene: { key, prompt: '' },
          size: 768,
        });
        const { layout } = planPage(
          { sceneKey: key, scenePrompt: '', pageNumber: 1, style: 'color' },
          SCENE_SIZE,
        );
        const png = image(await illustrator.illustratePage(request));
        // The upper part of each vignette: below it a blanket, a tub or a table may cover the character.
        const sample = (spot: Spot) => meanColour(png, spot.x, spot.y - spot.r * 0.3, spot.r * 0.25);
        expect(distance(await sample(layout.child), hex(pink))).toBeLessThan(30);
        expect(distance(await sample(layout.toy), hex(teal))).toBeLessThan(30);
        // Another child, another picture in the same place.
        const swapped = image(await illustrator.illustratePage({ ...request, heroCover: orangeCover! }));
        expect(
          distance(
            await meanColour(swapped, layout.child.x, layout.child.y - layout.child.r * 0.3, 20),
            hex(orange),
          ),
        ).toBeLessThan(30);
      }
    },
    PAGE_TIMEOUT,
  );

  it(
    'draws a generic scene for a key outside the vocabulary, by day or by night',
    async () => {
      const known = image(await illustrator.illustratePage(page()));
      for (const scene of [
        { key: 'moon-picnic', prompt: 'A picnic on the moon.' },
        { key: 'sunny-beach', prompt: 'Building a sand castle on a sunny morning.' },
        { key: '', prompt: '' },
      ]) {
        const png = image(await illustrator.illustratePage(page({ scene })));
        expect((await sharp(png).metadata()).width).toBe(1024);
        expect(await difference(png, known)).toBeGreaterThan(20);
      }
      const night = image(
        await illustrator.illustratePage(page({ scene: { key: 'moon-picnic', prompt: '' } })),
      );
      const day = image(
        await illustrator.illustratePage(page({ scene: { key: 'sunny-beach', prompt: '' } })),
      );
      const sky = (png: Buffer) => meanColour(png, 512, 40, 30).then(([r, g, b]) => (r! + g! + b!) / 3);
      expect(await sky(day)).toBeGreaterThan((await sky(night)) + 60);
    },
    PAGE_TIMEOUT,
  );

  it('keeps both characters whole on the page and apart, on every scene and page', () => {
    for (const key of [...Object.keys(SCENES), 'unknown-place']) {
      for (let pageNumber = 1; pageNumber <= 6; pageNumber++) {
        for (const style of ['color', 'line'] as const) {
          const { layout } = planPage({ sceneKey: key, scenePrompt: '', pageNumber, style }, SCENE_SIZE);
          const { child, toy } = layout;
          for (const spot of [child, toy]) {
            expect(spot.x - spot.r).toBeGreaterThanOrEqual(20);
            expect(spot.y - spot.r).toBeGreaterThanOrEqual(20);
            expect(spot.x + spot.r).toBeLessThanOrEqual(SCENE_SIZE - 20);
            expect(spot.y + spot.r).toBeLessThanOrEqual(SCENE_SIZE - 20);
          }
          expect(Math.hypot(child.x - toy.x, child.y - toy.y)).toBeGreaterThanOrEqual(
            child.r + toy.r + VIGNETTE_GAP - 1,
          );
        }
      }
    }
  });

  it('answers AI_TIMEOUT when the caller has aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await illustrator.illustratePage(page(), { signal: controller.signal });
    expect(result).toMatchObject({ ok: false, code: 'AI_TIMEOUT' });
  });

  it('classifies requests it cannot draw, without throwing', async () => {
    const cases: [Partial<PageRequest>, string][] = [
      [{ heroCover: Buffer.alloc(0) }, 'VALIDATION_MISSING_PARAM'],
      [{ toyCover: undefined as unknown as Buffer }, 'VALIDATION_MISSING_PARAM'],
      [{ style: 'sepia' as PageRequest['style'] }, 'VALIDATION_INVALID_PARAM'],
      [{ scene: undefined as unknown as PageRequest['scene'] }, 'VALIDATION_MISSING_PARAM'],
      [{ pageNumber: 0 }, 'VALIDATION_INVALID_PARAM'],
      [{ pageNumber: 1.5 }, 'VALIDATION_INVALID_PARAM'],
      [{ size: 0 }, 'VALIDATION_INVALID_PARAM'],
      [{ size: 100_000 }, 'VALIDATION_INVALID_PARAM'],
      [{ size: Number.NaN }, 'VALIDATION_INVALID_PARAM'],
      [{ heroCover: GARBAGE }, 'IMAGE_INVALID_FORMAT'],
      [{ toyCover: hero.subarray(0, 2000) }, 'IMAGE_INVALID_FORMAT'],
    ];
    for (const [overrides, code] of cases) {
      const result = await illustrator.illustratePage(page(overrides));
      expect(result, JSON.stringify(Object.keys(overrides))).toMatchObject({ ok: false, code });
      if (!result.ok) expect(result.message.length).toBeGreaterThan(0);
    }
  });
});
