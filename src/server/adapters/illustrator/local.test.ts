import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ChildLookSchema } from '../../../shared/domain/child-look';
import { coverLines } from '../../stories/book-words';
import { HAIR } from './characters/palette';
import type { CoverRequest, CoverResult } from './index';
import { createLocalIllustrator } from './local';
import { createPhotoChecker, type PhotoChecker } from './photo-check';
import { flatPhoto, GARBAGE, landscapePhoto, personPhoto, teddyPhoto } from './test-photos';

const MODEL_TIMEOUT = 60_000;

/** One model for the whole file: loading it is the slow part. */
const illustrator = createLocalIllustrator({ photoChecker: createPhotoChecker() });

let person: Buffer;
let teddy: Buffer;
beforeAll(async () => {
  [person, teddy] = await Promise.all([personPhoto(), teddyPhoto()]);
});

const hero = (overrides: Partial<CoverRequest> = {}): CoverRequest => ({
  kind: 'hero_generation',
  photo: person,
  name: 'Mia',
  language: 'en',
  ...overrides,
});

function image(result: CoverResult): Buffer {
  if (!result.ok) throw new Error(`expected a cover, got ${result.code}: ${result.message}`);
  expect(result.mimeType).toBe('image/png');
  return result.image;
}

/** Raw RGB pixels of a region of a PNG. */
async function region(png: Buffer, area: { left: number; top: number; width: number; height: number }) {
  return sharp(png).extract(area).removeAlpha().raw().toBuffer();
}

/**
 * A photo with a patch of pure green (a colour no cover is drawn with) in its background, where the
 * old painted-photo ring showed it: beside the subject, inside the round crop.
 */
async function withGreenPatch(photo: Buffer, at: { left: number; top: number }): Promise<Buffer> {
  const patch = await sharp({ create: { width: 110, height: 110, channels: 3, background: '#00ff00' } })
    .png()
    .toBuffer();
  return sharp(photo)
    .composite([{ input: patch, ...at }])
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** How many pixels of a PNG are close to pure green. */
async function greenPixels(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < info.width * info.height; i++) {
    const [r, g, b] = [data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!];
    if (g > 200 && r < 90 && b < 90) count++;
  }
  return count;
}

const TITLE_AREA = { left: 0, top: 0, width: 1024, height: 320 };
const PORTRAIT_AREA = { left: 312, top: 390, width: 400, height: 400 };

describe('createLocalIllustrator', () => {
  it('is the local kind', () => {
    expect(illustrator.kind).toBe('local');
  });

  it(
    'turns a real photo of a person into a 1024x1024 PNG cover',
    async () => {
      const png = image(await illustrator.generateCover(hero()));
      const meta = await sharp(png).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 1024, height: 1024 });
      // A drawn night scene around the portrait, not a filtered photo: the corners are night sky.
      const [r, g, b] = await region(png, { left: 8, top: 8, width: 1, height: 1 });
      expect(b!).toBeGreaterThan(r! + 15);
      expect(b!).toBeGreaterThan(g! + 15);
      expect(r! + g! + b!).toBeLessThan(3 * 110);
    },
    MODEL_TIMEOUT,
  );

  it(
    "draws the birthday story's own cover: a sunny afternoon with garlands, balloons, cake and presents",
    async () => {
      const birthday = image(await illustrator.generateCover(hero({ themeId: 'birthday-adventure' })));
      const night = image(await illustrator.generateCover(hero({ themeId: 'guardian-friend' })));
      // A day sky in the corner: light blue, where the first story's is night.
      const [r, g, b] = await region(birthday, { left: 8, top: 8, width: 1, height: 1 });
      expect(b!).toBeGreaterThan(200);
      expect(g!).toBeGreaterThan(130);
      expect(r! + g! + b!).toBeGreaterThan(3 * 130);
      // The red balloons: the runaway on the left of the ring, the bunch's red one on its right.
      const reds = async (area: { left: number; top: number; width: number; height: number }) => {
        const data = await region(birthday, area);
        let count = 0;
        for (let i = 0; i < data.length; i += 3)
          if (data[i]! > 200 && data[i + 1]! < 120 && data[i + 2]! < 110) count++;
        return count;
      };
      expect(await reds({ left: 150, top: 495, width: 100, height: 100 })).toBeGreaterThan(1000);
      expect(await reds({ left: 800, top: 400, width: 100, height: 90 })).toBeGreaterThan(500);
      // Only the scene round the figure differs: the same child and words on another cover.
      expect(Buffer.compare(birthday, night)).not.toBe(0);
    },
    MODEL_TIMEOUT,
  );

  it(
    'refuses a photo without a person for the hero cover',
    async () => {
      const result = await illustrator.generateCover(hero({ photo: await landscapePhoto() }));
      expect(result).toMatchObject({ ok: false, code: 'AI_INVALID_IMAGE_NO_PERSON' });
    },
    MODEL_TIMEOUT,
  );

  it(
    'refuses a flat single-colour picture for the toy cover, and accepts a toy photo',
    async () => {
      const flat = await illustrator.generateCover(
        hero({ kind: 'plush_toy_generation', photo: await flatPhoto(), name: 'Teddy' }),
      );
      expect(flat).toMatchObject({ ok: false, code: 'AI_INVALID_IMAGE_NO_TOY' });
      const toy = await illustrator.generateCover(
        hero({ kind: 'plush_toy_generation', photo: teddy, name: 'Teddy' }),
      );
      expect((await sharp(image(toy)).metadata()).width).toBe(1024);
    },
    MODEL_TIMEOUT,
  );

  it('answers IMAGE_INVALID_FORMAT for bytes that are not an image, for both kinds', async () => {
    for (const kind of ['hero_generation', 'plush_toy_generation'] as const) {
      const result = await illustrator.generateCover(hero({ kind, photo: GARBAGE }));
      expect(result).toMatchObject({ ok: false, code: 'IMAGE_INVALID_FORMAT' });
    }
    const truncated = await illustrator.generateCover(hero({ photo: person.subarray(0, 4000) }));
    expect(truncated).toMatchObject({ ok: false, code: 'IMAGE_INVALID_FORMAT' });
  });

  it('answers VALIDATION_MISSING_PARAM for an empty name or no photo, before any check', async () => {
    const checker: PhotoChecker = { hasPerson: vi.fn(), hasToy: vi.fn() };
    const strict = createLocalIllustrator({ photoChecker: checker });
    for (const name of ['', '   ', '\n\t']) {
      expect(await strict.generateCover(hero({ name }))).toMatchObject({
        ok: false,
        code: 'VALIDATION_MISSING_PARAM',
      });
    }
    expect(await strict.generateCover(hero({ photo: Buffer.alloc(0) }))).toMatchObject({
      ok: false,
      code: 'VALIDATION_MISSING_PARAM',
    });
    expect(await strict.generateCover(hero({ name: 'A'.repeat(41) }))).toMatchObject({
      ok: false,
      code: 'VALIDATION_INVALID_PARAM',
    });
    expect(checker.hasPerson).not.toHaveBeenCalled();
  });

  it(
    'gives the same bytes for the same request',
    async () => {
      const first = image(await illustrator.generateCover(hero()));
      const second = image(await illustrator.generateCover(hero()));
      expect(second.equals(first)).toBe(true);
      // …and another name gives another cover.
      const other = image(await illustrator.generateCover(hero({ name: 'Noah' })));
      expect(other.equals(first)).toBe(false);
    },
    MODEL_TIMEOUT,
  );

  it(
    '"Make a new one": each variant is another cover (pose and sky), the same variant the same bytes, 0 the first cover',
    async () => {
      const first = image(await illustrator.generateCover(hero()));
      expect(image(await illustrator.generateCover(hero({ variant: 0 }))).equals(first)).toBe(true);
      const variants = [first];
      for (const variant of [1, 2, 3, 4]) {
        const drawn = image(await illustrator.generateCover(hero({ variant })));
        // Visibly another picture where the child stands, not a few pixels (the whole art differs).
        for (const earlier of variants) {
          expect((await region(drawn, PORTRAIT_AREA)).equals(await region(earlier, PORTRAIT_AREA))).toBe(
            false,
          );
        }
        variants.push(drawn);
      }
      expect(image(await illustrator.generateCover(hero({ variant: 2 }))).equals(variants[2]!)).toBe(true);
      const toy = { kind: 'plush_toy_generation', photo: teddy, name: 'Teddy' } as const;
      const toyFirst = image(await illustrator.generateCover(hero(toy)));
      const toyNext = image(await illustrator.generateCover(hero({ ...toy, variant: 1 })));
      expect((await region(toyNext, PORTRAIT_AREA)).equals(await region(toyFirst, PORTRAIT_AREA))).toBe(
        false,
      );
    },
    MODEL_TIMEOUT * 2,
  );

  it(
    'sets the French text for language fr: the title differs, the drawn child is the same',
    async () => {
      const english = image(await illustrator.generateCover(hero({ language: 'en' })));
      const french = image(await illustrator.generateCover(hero({ language: 'fr' })));
      expect(french.equals(english)).toBe(false);
      expect((await region(french, TITLE_AREA)).equals(await region(english, TITLE_AREA))).toBe(false);
      expect((await region(french, PORTRAIT_AREA)).equals(await region(english, PORTRAIT_AREA))).toBe(true);
      expect(coverLines('guardian-friend', 'fr', 'hero', 'Mia')).toEqual({
        title: 'Mia',
        subtitle: 'et le Gardien de la nuit',
      });
      expect(coverLines('guardian-friend', 'en', 'toy', 'Teddy')).toEqual({
        title: 'Teddy,',
        subtitle: 'the Night Guardian',
      });
    },
    MODEL_TIMEOUT,
  );

  it('maps a failing photo check to AI_GENERATION_FAILED without throwing', async () => {
    const broken = createLocalIllustrator({
      photoChecker: {
        hasPerson: () => Promise.reject(new Error('model files missing')),
        hasToy: () => Promise.reject(new Error('model files missing')),
      },
    });
    expect(await broken.generateCover(hero())).toMatchObject({ ok: false, code: 'AI_GENERATION_FAILED' });
  });

  it('uses the verdict of the photo checker it is given', async () => {
    const yes = { ok: true, score: 0.9 };
    const no = { ok: false, score: 0.1 };
    const checker: PhotoChecker = { hasPerson: vi.fn(async () => no), hasToy: vi.fn(async () => yes) };
    const faked = createLocalIllustrator({ photoChecker: checker });
    expect(await faked.generateCover(hero())).toMatchObject({ code: 'AI_INVALID_IMAGE_NO_PERSON' });
    const toy = await faked.generateCover(hero({ kind: 'plush_toy_generation', name: 'Bunny' }));
    expect(toy.ok).toBe(true);
    expect(checker.hasToy).toHaveBeenCalledTimes(1);
  });

  it('stops when the caller aborts', async () => {
    const checker: PhotoChecker = {
      hasPerson: vi.fn(async () => ({ ok: true, score: 1 })),
      hasToy: vi.fn(async () => ({ ok: true, score: 1 })),
    };
    const faked = createLocalIllustrator({ photoChecker: checker });
    const controller = new AbortController();
    controller.abort();
    const result = await faked.generateCover(hero(), { signal: controller.signal });
    expect(result).toMatchObject({ ok: false, code: 'AI_TIMEOUT' });
  });

  it(
    'draws the hero as a character read off the photo and returns that look; no pixel of the photo is on it',
    async () => {
      const photo = await withGreenPatch(person, { left: 180, top: 40 });
      // The patch really is in the photo the illustrator gets.
      expect(await greenPixels(await sharp(photo).png().toBuffer())).toBeGreaterThan(10_000);
      const result = await illustrator.generateCover(hero({ photo }));
      const png = image(result);
      expect(await greenPixels(png)).toBe(0);
      if (!result.ok) return;
      expect(ChildLookSchema.parse(result.look)).toEqual(result.look);
      // Her hair is dark in the photo, so it is dark on the cover.
      expect(['black', 'dark-brown', 'brown']).toContain(result.look?.hairColor);
      // The hair colour drawn is the palette's, on the cover itself.
      const hair = HAIR[result.look!.hairColor].fill;
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hair.slice(i, i + 2), 16));
      const portrait = await region(png, PORTRAIT_AREA);
      let hairPixels = 0;
      for (let i = 0; i < portrait.length; i += 3)
        if (
          Math.abs(portrait[i]! - r!) + Math.abs(portrait[i + 1]! - g!) + Math.abs(portrait[i + 2]! - b!) <
          6
        )
          hairPixels++;
      expect(hairPixels).toBeGreaterThan(500);
    },
    MODEL_TIMEOUT,
  );

  it(
    'draws the toy from its look, never from its photo; the child with the toy beside when given',
    async () => {
      const photo = await withGreenPatch(teddy, { left: 20, top: 300 });
      const result = await illustrator.generateCover(
        hero({ kind: 'plush_toy_generation', photo, name: 'Teddy' }),
      );
      const png = image(result);
      expect(await greenPixels(png)).toBe(0);
      expect(result.ok && result.look).toBeFalsy();
      // Another look, another toy; the same look from another photo, the same cover.
      const bunny = { kind: 'bunny', main: 'pink', second: 'white', feature: 'scarf' } as const;
      const drawn = image(
        await illustrator.generateCover(
          hero({ kind: 'plush_toy_generation', photo, name: 'Teddy', toy: bunny }),
        ),
      );
      expect((await region(drawn, PORTRAIT_AREA)).equals(await region(png, PORTRAIT_AREA))).toBe(false);
      const fromTeddy = image(
        await illustrator.generateCover(
          hero({ kind: 'plush_toy_generation', photo: teddy, name: 'Teddy', toy: bunny }),
        ),
      );
      expect(fromTeddy.equals(drawn)).toBe(true);
      const badToy = await illustrator.generateCover(
        hero({
          kind: 'plush_toy_generation',
          photo,
          name: 'Teddy',
          toy: { ...bunny, kind: 'dragon' } as never,
        }),
      );
      expect(badToy.ok || badToy.code).toBe('VALIDATION_INVALID_PARAM');
      // The child's cover with the toy beside: the child moves aside, the toy stands by them.
      const look = ChildLookSchema.parse({
        skin: 'tan',
        hairColor: 'black',
        hairStyle: 'bob',
        eyeColor: 'brown',
        glasses: false,
      });
      const alone = image(await illustrator.generateCover(hero({ look })));
      const together = image(await illustrator.generateCover(hero({ look, toy: bunny })));
      const side = { left: 200, top: 700, width: 200, height: 250 };
      expect((await region(together, side)).equals(await region(alone, side))).toBe(false);
      expect((await region(together, TITLE_AREA)).equals(await region(alone, TITLE_AREA))).toBe(true);
      // The photo's blue striped blanket is not in the ring either: the toy stands on a drawn glow.
      const ring = await region(png, { left: 300, top: 380, width: 424, height: 150 });
      let blanket = 0;
      for (let i = 0; i < ring.length; i += 3) {
        const [r, g, b] = [ring[i]!, ring[i + 1]!, ring[i + 2]!];
        if (Math.abs(r - 0xa9) + Math.abs(g - 0xc8) + Math.abs(b - 0xe0) < 40) blanket++;
      }
      expect(blanket).toBe(0);
    },
    MODEL_TIMEOUT,
  );

  it(
    'draws the look the parent chose: another look, another child; the same look, the same bytes',
    async () => {
      const look = {
        skin: 'fair',
        hairColor: 'red',
        hairStyle: 'pigtails',
        eyeColor: 'green',
        glasses: true,
      } as const;
      const first = await illustrator.generateCover(hero({ look }));
      expect(first.ok && first.look).toEqual(look);
      const again = image(await illustrator.generateCover(hero({ look })));
      expect(again.equals(image(first))).toBe(true);
      const other = image(await illustrator.generateCover(hero({ look: { ...look, hairColor: 'black' } })));
      expect((await region(other, PORTRAIT_AREA)).equals(await region(image(first), PORTRAIT_AREA))).toBe(
        false,
      );
      expect((await region(other, TITLE_AREA)).equals(await region(image(first), TITLE_AREA))).toBe(true);
      const bad = await illustrator.generateCover(hero({ look: { ...look, hairColor: 'green' } as never }));
      expect(bad).toMatchObject({ ok: false, code: 'VALIDATION_INVALID_PARAM' });
    },
    MODEL_TIMEOUT,
  );

  it(
    'draws the same cover again at print size from the same inputs',
    async () => {
      const look = {
        skin: 'medium',
        hairColor: 'brown',
        hairStyle: 'curly-short',
        eyeColor: 'brown',
        glasses: false,
      } as const;
      const screen = image(await illustrator.generateCover(hero({ look })));
      const print = image(await illustrator.generateCover(hero({ look, size: 2625 })));
      expect(await sharp(print).metadata()).toMatchObject({ width: 2625, height: 2625 });
      // Drawn, not enlarged: the print cover brought down to screen size is the screen cover.
      const down = await sharp(print)
        .resize(1024, 1024, { kernel: 'lanczos3' })
        .removeAlpha()
        .raw()
        .toBuffer();
      const original = await sharp(screen).removeAlpha().raw().toBuffer();
      let diff = 0;
      for (let i = 0; i < down.length; i++) diff += Math.abs(down[i]! - original[i]!);
      expect(diff / down.length).toBeLessThan(6);
      for (const size of [100, 5000, 1024.5])
        expect(await illustrator.generateCover(hero({ look, size }))).toMatchObject({
          ok: false,
          code: 'VALIDATION_INVALID_PARAM',
        });
    },
    MODEL_TIMEOUT,
  );
});
