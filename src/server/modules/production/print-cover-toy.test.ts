import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHILD_LOOK } from '../../../shared/domain/child-look';
import { TOY_COLOURS, type ToyLook } from '../../../shared/domain/toy-look';
import { createLocalIllustrator } from '../../adapters/illustrator/local';
import { personPhoto, teddyPhoto } from '../../adapters/illustrator/test-photos';
import { createLocalStorage } from '../../adapters/storage/local';
import { buildCoverPdf } from '../../print/cover';
import { inspectDocument } from '../../print/inspect';
import { instanceKeys } from '../../storage-keys';
import { printSizeCovers } from './print-covers';

// Issue 30: the book is "with" the toy, so the printed front cover shows it, drawn, where the
// printer keeps it: inside the front panel's safe area, at print resolution. Two covers at print size.
const MODEL_TIMEOUT = 300_000;
const id = '5f0c6a1e-2222-4aaa-8bbb-000000000030';
const silentLog = { info() {}, warn() {}, error() {} };
/** A lilac bunny: a colour no part of the child's cover has, so its pixels are the toy's. */
const BUNNY: ToyLook = { kind: 'bunny', main: 'lilac', second: 'white', feature: 'bow' };
const LOOK = { ...DEFAULT_CHILD_LOOK, hairStyle: 'bob' as const };

let folder: string;

beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'print-cover-toy-'));
});

afterAll(async () => {
  await fs.rm(folder, { recursive: true, force: true });
});

/**
 * Where a colour fills a real area: blocks of `block` px at least a quarter of whose pixels are
 * within 24 of it on every channel (stray pixels of the sky or of anti-aliasing do not count); the
 * number of such pixels in those blocks and the box around the blocks.
 */
function colourArea(image: { data: Buffer; width: number; height: number }, hex: string, block = 16) {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
  const area = { count: 0, left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  for (let by = 0; by + block <= image.height; by += block) {
    for (let bx = 0; bx + block <= image.width; bx += block) {
      let hits = 0;
      for (let y = by; y < by + block; y++) {
        for (let x = bx; x < bx + block; x++) {
          const i = (y * image.width + x) * 3;
          const d = Math.max(
            Math.abs(image.data[i]! - r),
            Math.abs(image.data[i + 1]! - g),
            Math.abs(image.data[i + 2]! - b),
          );
          if (d <= 24) hits++;
        }
      }
      if (hits < (block * block) / 4) continue;
      area.count += hits;
      area.left = Math.min(area.left, bx);
      area.right = Math.max(area.right, bx + block);
      area.top = Math.min(area.top, by);
      area.bottom = Math.max(area.bottom, by + block);
    }
  }
  return area;
}

const rgb = async (image: Buffer) => {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

describe('the printed front cover with the toy', () => {
  it(
    'shows the toy drawn beside the child, inside the front panel’s safe area, at 300 ppi',
    async () => {
      const illustrator = createLocalIllustrator();
      const storage = createLocalStorage(folder);
      const [person, teddy] = await Promise.all([personPhoto(), teddyPhoto()]);
      const approve = async (kind: 'hero_generation' | 'plush_toy_generation') => {
        const hero = kind === 'hero_generation';
        const made = await illustrator.generateCover({
          kind,
          photo: hero ? person : teddy,
          name: hero ? 'Mia' : 'Lulu',
          language: 'en',
          ...(hero ? { look: LOOK } : { toy: BUNNY }),
        });
        if (!made.ok) throw new Error(made.message);
        return made.image;
      };
      const [heroCover, toyCover] = [await approve('hero_generation'), await approve('plush_toy_generation')];
      // The approved child's cover has no toy (the toy is chosen after it): no lilac area.
      expect(colourArea(await rgb(heroCover), TOY_COLOURS.lilac.fill, 8).count).toBe(0);

      const keys = instanceKeys(id);
      const covers = await printSizeCovers(
        { illustrator, storage, log: silentLog as never, signal: new AbortController().signal },
        { id, heroCoverKey: keys.heroCover, toyCoverKey: keys.toyCover, heroCover, toyCover },
        {
          childPhoto: person,
          toyPhoto: teddy,
          childName: 'Mia',
          toyName: 'Lulu',
          themeId: 'guardian-friend',
          language: 'en',
          look: LOOK,
          toyLook: BUNNY,
        },
      );
      expect(covers.heroKey).toBe(keys.printHeroCover);
      const art = (await storage.get('instances', keys.printHeroArt))!.data;

      for (const coverType of ['softcover', 'hardcover'] as const) {
        const { pdf, dimensions: dims } = await buildCoverPdf({
          coverType,
          pageCount: 32,
          title: 'Mia and the Night Guardian',
          frontImage: art,
          backText: 'Mia and Lulu the bunny.',
          language: 'en',
        });
        const [page] = inspectDocument(await PDFDocument.load(pdf));
        const front = (page?.images ?? []).find((placed) => Math.abs(placed.x - dims.front.x) < 0.01);
        if (!(front?.stream instanceof PDFRawStream)) throw new Error('no front picture');
        expect(front.ppi).toBeGreaterThanOrEqual(300);
        const image = await rgb(Buffer.from(front.stream.contents));
        const perPoint = image.width / front.drawnWidth;
        // The safe area in the picture's pixels (PDF y runs up, the picture's rows down).
        const safe = {
          left: (dims.frontSafe.x - front.x) * perPoint,
          right: (dims.frontSafe.x + dims.frontSafe.width - front.x) * perPoint,
          top: (front.y + front.drawnHeight - (dims.frontSafe.y + dims.frontSafe.height)) * perPoint,
          bottom: (front.y + front.drawnHeight - dims.frontSafe.y) * perPoint,
        };
        const toy = colourArea(image, TOY_COLOURS.lilac.fill);
        // The whole toy inside the safe area...
        expect(toy.left, coverType).toBeGreaterThanOrEqual(safe.left);
        expect(toy.right, coverType).toBeLessThanOrEqual(safe.right);
        expect(toy.top, coverType).toBeGreaterThanOrEqual(safe.top);
        expect(toy.bottom, coverType).toBeLessThanOrEqual(safe.bottom);
        // ...and big enough to see on the shelf: over an inch tall at print size, its fur a real area.
        const inchesTall = (toy.bottom - toy.top) / perPoint / 72;
        expect(inchesTall, coverType).toBeGreaterThan(1);
        expect(toy.count / (perPoint * 72) ** 2, `${coverType} square inches of fur`).toBeGreaterThan(0.5);
      }
    },
    MODEL_TIMEOUT,
  );
});
