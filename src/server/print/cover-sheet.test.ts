import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoverType } from '../../shared/domain/statuses';
import { COVER_IMPRINT, COVER_SIZE, renderCoverWords } from '../adapters/illustrator/cover-art';
import { coverLines } from '../stories/book-words';
import { buildCoverPdf } from './cover';
import { type CoverSheetInput, renderCoverSheet, renderFrontCover } from './cover-sheet';
import { coverDimensions } from './spec';
import { makeStoryImage } from './test-images';

// The cover sheet the reader and the checkout show is the printed cover (issue 31): the cover PDF
// rendered by poppler's pdftoppm and the sheet picture drawn from the same plan are the same picture,
// words, blurb, toy and spine included. 40 dpi: a hardcover of 32 pages is 19 x 10.25 in (760 px).

const run = promisify(execFile);
const DPI = 40;

let dir: string;
let input: Omit<CoverSheetInput, 'coverType'>;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cover-sheet-'));
  const lines = coverLines('guardian-friend', 'en', 'hero', 'Oscar');
  const pixelsPerUnit = 1.2;
  const words = await renderCoverWords(
    { theme: 'hero', title: lines.title, subtitle: lines.subtitle, imprint: COVER_IMPRINT.en },
    pixelsPerUnit,
  );
  input = {
    pageCount: 32,
    title: 'Oscar and the Night Guardian',
    frontImage: await makeStoryImage(1024),
    frontWords: {
      designUnits: COVER_SIZE,
      pixelsPerUnit,
      title: words.title.image,
      ribbon: words.ribbon.image,
      imprint: words.imprint.image,
    },
    backImage: await makeStoryImage(400, { seed: 3 }),
    backScene: await makeStoryImage(1024, { seed: 7 }),
    backText: 'When the lights go out, Biscuit keeps watch over Oscar all night long.',
    language: 'en',
  };
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The PDF's page rendered by pdftoppm at `DPI` (PNG). */
async function printedPng(pdf: Uint8Array): Promise<Buffer> {
  const file = path.join(dir, 'cover.pdf');
  await writeFile(file, pdf);
  await run('pdftoppm', ['-r', String(DPI), '-png', '-singlefile', file, path.join(dir, 'sheet')]);
  return readFile(path.join(dir, 'sheet.png'));
}

/** The PDF's page at `DPI`, RGB, `width` wide. */
async function printed(pdf: Uint8Array, width: number): Promise<Buffer> {
  return sharp(await printedPng(pdf))
    .resize(width)
    .removeAlpha()
    .raw()
    .toBuffer();
}

/** Mean difference per channel (0..255) over the columns [from, to) of two RGB pictures `width` wide. */
function meanDifference(a: Buffer, b: Buffer, width: number, [from, to] = [0, width]): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i + 2 < Math.min(a.length, b.length); i += 3) {
    const x = (i / 3) % width;
    if (x < from || x >= to) continue;
    for (let c = 0; c < 3; c++) sum += Math.abs(a[i + c]! - b[i + c]!);
    count += 3;
  }
  return sum / count;
}

describe('the cover sheet as the parent sees it', () => {
  it.each(['softcover', 'hardcover'] as const)(
    'is the %s cover PDF, words, blurb and spine included',
    async (coverType: CoverType) => {
      const dims = coverDimensions(coverType, 32);
      const width = Math.round((dims.width / 72) * DPI);
      const pdf = await printed((await buildCoverPdf({ ...input, coverType })).pdf, width);
      const sheet = await renderCoverSheet({ ...input, coverType }, { width, marks: false });
      const { height = 0 } = await sharp(sheet).metadata();
      expect(height).toBe(Math.round((dims.height / 72) * DPI));
      const picture = await sharp(sheet).removeAlpha().raw().toBuffer();
      // The same picture: a few levels apart (the PDF's JPEG, poppler's scaling and anti-aliasing;
      // measured 3.2 softcover, 3.8 hardcover, the back alone 2.0 and 2.6; the other binding's 17-18).
      expect(meanDifference(picture, pdf, width)).toBeLessThan(6);
      // The back's blurb and toy (left half) and the front's words (right half) each where they print.
      const spineX = Math.round((dims.spine.x / 72) * DPI);
      expect(meanDifference(picture, pdf, width, [0, spineX])).toBeLessThan(6);
      expect(meanDifference(picture, pdf, width, [spineX, width])).toBeLessThan(6);
      // The other binding's sheet is not that picture: another size, the art placed otherwise.
      const other = coverType === 'softcover' ? 'hardcover' : 'softcover';
      const wrong = await sharp(
        await renderCoverSheet({ ...input, coverType: other }, { width, marks: false }),
      )
        .resize(width, Math.round((dims.height / 72) * DPI), { fit: 'fill' })
        .removeAlpha()
        .raw()
        .toBuffer();
      expect(meanDifference(wrong, pdf, width)).toBeGreaterThan(10);
    },
    120_000,
  );

  it.each(['softcover', 'hardcover'] as const)(
    "shows the front of the %s cover PDF as the reader's front cover: the words where they print",
    async (coverType: CoverType) => {
      const dims = coverDimensions(coverType, 32);
      const sheetWidth = Math.round((dims.width / 72) * DPI);
      const sheet = await sharp(await printedPng((await buildCoverPdf({ ...input, coverType })).pdf))
        .resize(sheetWidth)
        .toBuffer();
      // The front panel (trim or board) of the rendered PDF, and the front cover picture at its size.
      const panel = {
        left: Math.round((dims.front.x / 72) * DPI),
        top: Math.round(((dims.height - dims.front.y - dims.front.height) / 72) * DPI),
        width: Math.round((dims.front.width / 72) * DPI),
        height: Math.round((dims.front.height / 72) * DPI),
      };
      const pdfFront = await sharp(sheet).extract(panel).removeAlpha().raw().toBuffer();
      const front = await renderFrontCover({ ...input, coverType }, { width: 800 });
      const { width = 0, height = 0 } = await sharp(front).metadata();
      expect(height / width).toBeCloseTo(dims.front.height / dims.front.width, 2);
      const picture = (png: Buffer) =>
        sharp(png).resize(panel.width, panel.height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
      expect(meanDifference(await picture(front), pdfFront, panel.width)).toBeLessThan(6);
      // Another child's name on the same art is another front: the words are the printed ones.
      const lines = coverLines('guardian-friend', 'en', 'hero', 'Maximilian');
      const words = await renderCoverWords(
        { theme: 'hero', title: lines.title, subtitle: lines.subtitle, imprint: COVER_IMPRINT.en },
        input.frontWords.pixelsPerUnit,
      );
      const renamed = await renderFrontCover(
        { ...input, coverType, frontWords: { ...input.frontWords, title: words.title.image } },
        { width: 800 },
      );
      expect(meanDifference(await picture(renamed), pdfFront, panel.width)).toBeGreaterThan(
        meanDifference(await picture(front), pdfFront, panel.width) + 1,
      );
    },
    120_000,
  );

  it('marks what the printer cuts or folds: the sheet beyond the boards is paler on a hardcover', async () => {
    const dims = coverDimensions('hardcover', 32);
    const width = 760;
    const scale = width / dims.width;
    const [bare, marked] = (await Promise.all(
      [false, true].map(async (marks) =>
        sharp(await renderCoverSheet({ ...input, coverType: 'hardcover' }, { width, marks }))
          .removeAlpha()
          .raw()
          .toBuffer(),
      ),
    )) as [Buffer, Buffer];
    // A pixel in the turn-in (above the front board) and one in the middle of the front board.
    const at = (x: number, y: number) => (Math.round(y * scale) * width + Math.round(x * scale)) * 3;
    const turnIn = at(dims.front.x + dims.front.width / 2, dims.margin / 2);
    const board = at(dims.front.x + dims.front.width / 2, dims.height / 2);
    const lightness = (picture: Buffer, i: number) => picture[i]! + picture[i + 1]! + picture[i + 2]!;
    expect(lightness(marked, turnIn)).toBeGreaterThan(lightness(bare, turnIn) + 60);
    expect(lightness(marked, board)).toBe(lightness(bare, board));
  }, 60_000);
});
