import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildLook, DEFAULT_CHILD_LOOK } from '../../../shared/domain/child-look';
import type { CoverRequest, Illustrator } from '../../adapters/illustrator/index';
import { createLocalIllustrator } from '../../adapters/illustrator/local';
import { createPhotoChecker } from '../../adapters/illustrator/photo-check';
import { personPhoto, teddyPhoto } from '../../adapters/illustrator/test-photos';
import type { Storage } from '../../adapters/storage/index';
import { createLocalStorage } from '../../adapters/storage/local';
import { wordlessCoverArt } from '../../book/cover-art';
import { instanceKeys } from '../../storage-keys';
import { PRINT_COVER_PIXELS, PRINT_COVER_TOLERANCE, pictureDistance, printSizeCovers } from './print-covers';

// Generous: four covers at print size, on a machine others share.
const MODEL_TIMEOUT = 240_000;
const illustrator = createLocalIllustrator({ photoChecker: createPhotoChecker() });
const id = '5f0c6a1e-1111-4aaa-8bbb-000000000001';
const silentLog = { info() {}, warn() {}, error() {} };

let folder: string;
let storage: Storage;
let person: Buffer;
let teddy: Buffer;

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'print-covers-'));
  storage = createLocalStorage(folder);
  [person, teddy] = await Promise.all([personPhoto(), teddyPhoto()]);
});

afterAll(async () => {
  await fs.rm(folder, { recursive: true, force: true });
});

async function approved(request: Omit<CoverRequest, 'language'>): Promise<Buffer> {
  const result = await illustrator.generateCover({ language: 'en', ...request });
  if (!result.ok) throw new Error(result.message);
  return result.image;
}

const braids = { ...DEFAULT_CHILD_LOOK, hairStyle: 'braids' as const, glasses: true };

/** The order's inputs for Mia and her Teddy: the child's look, and the toy's photo if any. */
function miasInputs(look: ChildLook | undefined, toyPhoto: Buffer | undefined) {
  return {
    childPhoto: person,
    toyPhoto,
    childName: 'Mia',
    themeId: 'guardian-friend',
    toyName: 'Teddy',
    language: 'en' as const,
    look,
  };
}

describe('the approved covers drawn again at print size (local illustrator)', () => {
  it(
    'prints the approved design with the detail of print: the same picture brought back to screen size',
    async () => {
      const [hero, toy] = await Promise.all([
        approved({ kind: 'hero_generation', photo: person, name: 'Mia', look: braids }),
        approved({ kind: 'plush_toy_generation', photo: teddy, name: 'Teddy' }),
      ]);
      const keys = instanceKeys(id);
      const covers = await printSizeCovers(
        { illustrator, storage, log: silentLog as never, signal: new AbortController().signal },
        { id, heroCoverKey: keys.heroCover, toyCoverKey: keys.toyCover, heroCover: hero, toyCover: toy },
        miasInputs(braids, teddy),
      );
      expect(covers).toEqual({ heroKey: keys.printHeroCover, toyKey: keys.printToyCover });
      const printed = (await storage.get('instances', covers.heroKey))!.data;
      expect(await sharp(printed).metadata()).toMatchObject({
        width: PRINT_COVER_PIXELS,
        height: PRINT_COVER_PIXELS,
      });
      const back = await sharp(printed).resize(1024, 1024).png().toBuffer();
      expect(await pictureDistance(await wordlessCoverArt(back), await wordlessCoverArt(hero))).toBeLessThan(
        PRINT_COVER_TOLERANCE,
      );
      // The art without the words is kept beside it, the same size: the printed front sets its words
      // per binding (docs/decisions/022-covers-per-binding.md).
      const art = (await storage.get('instances', keys.printHeroArt))!.data;
      expect(await sharp(art).metadata()).toMatchObject({ width: PRINT_COVER_PIXELS });
      // A part of a cover, measured on the cover at 1024 px.
      const part = (area: { left: number; top: number; width: number; height: number }) => (image: Buffer) =>
        sharp(image).resize(1024, 1024).extract(area).png().toBuffer();
      // Below the ribbon's tails and above the strapline, the art is the printed cover's, pixel for pixel.
      const scene = part({ left: 177, top: 320, width: 670, height: 630 });
      expect(await pictureDistance(await scene(art), await scene(printed))).toBeLessThan(1);
      // Where the words were, the art has none: the sky under the name differs from the cover.
      const words = part({ left: 200, top: 60, width: 624, height: 220 });
      expect(await pictureDistance(await words(art), await words(printed))).toBeGreaterThan(20);
      // The front cover's art (the part below the painted words) fills the 2625 px panel as drawn.
      expect((await sharp(await wordlessCoverArt(printed)).metadata()).width).toBeGreaterThanOrEqual(2625);
      // Another look is another picture, far beyond the tolerance.
      const other = await approved({
        kind: 'hero_generation',
        photo: person,
        name: 'Mia',
        look: DEFAULT_CHILD_LOOK,
      });
      expect(await pictureDistance(other, hero)).toBeGreaterThan(PRINT_COVER_TOLERANCE);
    },
    MODEL_TIMEOUT,
  );

  it(
    'draws a cover the parent chose after "Make a new one" in its own variant (without it, it would not match)',
    async () => {
      const hero = await approved({
        kind: 'hero_generation',
        photo: person,
        name: 'Mia',
        look: braids,
        variant: 2,
      });
      const keys = instanceKeys(id);
      const warnings: unknown[] = [];
      const deps = {
        illustrator,
        storage,
        log: { ...silentLog, warn: (entry: unknown) => warnings.push(entry) } as never,
        signal: new AbortController().signal,
      };
      const book = {
        id,
        heroCoverKey: keys.heroCover,
        toyCoverKey: keys.toyCover,
        heroCover: hero,
        toyCover: hero,
      };
      // The toy's cover is left as approved (no photo): one drawing per case keeps this quick.
      const inputs = miasInputs(braids, undefined);
      const covers = await printSizeCovers(deps, book, { ...inputs, variants: { hero: 2 } });
      expect(covers).toEqual({ heroKey: keys.printHeroCover, toyKey: keys.toyCover });
      expect(warnings).toHaveLength(0);
      // The first cover's drawing is another picture: printed as approved instead, with a warning.
      const unchosen = await printSizeCovers(deps, book, inputs);
      expect(unchosen).toEqual({ heroKey: keys.heroCover, toyKey: keys.toyCover });
      expect(warnings).toHaveLength(1);
    },
    MODEL_TIMEOUT * 2,
  );

  it(
    'prints the approved cover itself when the drawing would not match it',
    async () => {
      const hero = await approved({ kind: 'hero_generation', photo: person, name: 'Mia', look: braids });
      const keys = instanceKeys(id);
      const warnings: unknown[] = [];
      const covers = await printSizeCovers(
        {
          illustrator,
          storage,
          log: { ...silentLog, warn: (entry: unknown) => warnings.push(entry) } as never,
          signal: new AbortController().signal,
        },
        { id, heroCoverKey: keys.heroCover, toyCoverKey: keys.toyCover, heroCover: hero, toyCover: hero },
        // The look changed since the cover was approved: not the design the parent saw.
        miasInputs(DEFAULT_CHILD_LOOK, undefined),
      );
      expect(covers).toEqual({ heroKey: keys.heroCover, toyKey: keys.toyCover });
      expect(warnings).toHaveLength(1);
    },
    MODEL_TIMEOUT,
  );

  it('leaves a hosted illustrator’s approved covers as they are (they would draw another picture)', async () => {
    const hosted: Illustrator = { ...illustrator, kind: 'gemini' };
    const keys = instanceKeys(id);
    const covers = await printSizeCovers(
      { illustrator: hosted, storage, log: silentLog as never, signal: new AbortController().signal },
      {
        id,
        heroCoverKey: keys.heroCover,
        toyCoverKey: keys.toyCover,
        heroCover: Buffer.alloc(0),
        toyCover: Buffer.alloc(0),
      },
      miasInputs(undefined, teddy),
    );
    expect(covers).toEqual({ heroKey: keys.heroCover, toyKey: keys.toyCover });
  });
});
