import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHILD_LOOK } from '../../shared/domain/child-look';
import { DEFAULT_TOY_LOOK } from '../../shared/domain/toy-look';
import { renderScenePage } from '../adapters/illustrator/scenes/index';
import { loadStory } from '../stories/story';
import { embedBookFonts } from './fonts';
import { buildInteriorPdf, storyTextLayout } from './interior';
import { renderPrintedStoryPage } from './printed-page';

// The reader's page is the printed page (issue 31): the interior PDF's story page, rendered by
// poppler's pdftoppm and trimmed of its bleed, and the reader's image of the same page are the same
// picture, panel and text included. 80 dpi: the 8.75 in page is 700 px, the bleed 10 px, the trim 680.

const run = promisify(execFile);
const DPI = 80;
const TRIMMED = 680;
const BLEED_PX = 10;
/** Both are compared at half size: poppler and sharp scale the picture's edges a little differently. */
const COMPARED = 340;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'printed-page-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The first page of a PDF as printed and trimmed, RGB. */
async function printedPage(pdf: Uint8Array): Promise<Buffer> {
  const file = path.join(dir, 'book.pdf');
  await writeFile(file, pdf);
  await run('pdftoppm', [
    '-r',
    String(DPI),
    '-f',
    '1',
    '-l',
    '1',
    '-png',
    '-singlefile',
    file,
    path.join(dir, 'page'),
  ]);
  const trimmed = await sharp(await readFile(path.join(dir, 'page.png')))
    .extract({ left: BLEED_PX, top: BLEED_PX, width: TRIMMED, height: TRIMMED })
    .png()
    .toBuffer();
  return raw(trimmed);
}

/** Mean difference per channel (0..255) between two RGB pictures, over a band of rows (all by default). */
function meanDifference(
  a: Buffer,
  b: Buffer,
  rows: [number, number] = [0, COMPARED],
  columns: [number, number] = [0, COMPARED],
): number {
  let sum = 0;
  for (let y = rows[0]; y < rows[1]; y++)
    for (let i = (y * COMPARED + columns[0]) * 3; i < (y * COMPARED + columns[1]) * 3; i++)
      sum += Math.abs(a[i]! - b[i]!);
  return sum / ((rows[1] - rows[0]) * (columns[1] - columns[0]) * 3);
}

const raw = (png: Buffer) => sharp(png).resize(COMPARED, COMPARED).removeAlpha().raw().toBuffer();

describe('the shorter text panel', () => {
  it('sets the same words a few points smaller in a shorter panel across the page, never below 13 pt', async () => {
    const doc = await PDFDocument.create();
    const { body } = await embedBookFonts(doc, ['body'] as const);
    const page = (await loadStory('guardian-friend', 'storybook', 'de')).pages[2]!;
    const text = page.text.replace(/\{[^}]+\}/g, 'Maximilian Alexander');
    const { blockAt, panelAt } = storyTextLayout(text, body, 2);
    const [full, short] = [blockAt('top')!, blockAt('top-short')!];
    expect(short.lines.join(' ')).toBe(full.lines.join(' '));
    expect(short.size).toBeLessThan(full.size);
    expect(short.size).toBeGreaterThanOrEqual(13);
    const [top, shortTop] = [panelAt('top')!, panelAt('top-short')!];
    expect(shortTop.height).toBeLessThan(top.height * 0.9);
    // Still at the head of the page, across its middle.
    expect(shortTop.y + shortTop.height).toBeCloseTo(top.y + top.height, 5);
    expect(shortTop.x + shortTop.width / 2).toBeCloseTo(top.x + top.width / 2, 5);
    // Text already at the least size has no shorter panel: the layout check does not offer it.
    const least = storyTextLayout(Array(8).fill(text).join(' '), body, 2);
    expect(least.blockAt('bottom')!.size).toBeLessThanOrEqual(13);
    expect(least.blockAt('bottom-short')).toBeUndefined();
  });
});

describe('the reader’s page as printed', () => {
  it.each([
    ['bottom', 2],
    ['top', 3],
    ['top-right', 3],
    ['top-short', 3],
  ] as const)(
    'is the print file’s page, trimmed, with its text panel (%s, English page %i)',
    async (panel, pageNumber) => {
      const page = (await loadStory('guardian-friend', 'storybook', 'en')).pages[pageNumber - 1]!;
      const text = page.text.replace(/\{child\}/g, 'Émile').replace(/\{[^}]+\}/g, 'Bear');
      const image = await renderScenePage({
        scene: page.scene,
        style: 'color',
        size: 1050,
        look: DEFAULT_CHILD_LOOK,
        toy: DEFAULT_TOY_LOOK,
      });
      const interior = await buildInteriorPdf({
        language: 'en',
        title: 'Test',
        pages: [{ kind: 'story', image, text, style: 'color', panel }],
      });
      const printed = await printedPage(interior.pdf);
      const reader = await raw(await renderPrintedStoryPage({ image, text, panel, size: TRIMMED }));
      // The same picture: a few levels apart (the PDF's JPEG, poppler's scaling and anti-aliasing;
      // measured about 4), where the untrimmed picture without its panel is about 15 apart.
      expect(meanDifference(reader, printed)).toBeLessThan(6);
      // Where the panel prints, the reader shows it too, its lines at the same place.
      const band: [number, number] = panel === 'bottom' ? [240, 320] : [20, 100];
      // A corner's panel (issue 31) in the right half only: the left half of its band is the picture's.
      const half = COMPARED / 2;
      const columns: [number, number] = panel === 'top-right' ? [half + 20, COMPARED - 20] : [0, COMPARED];
      expect(meanDifference(reader, printed, band, columns)).toBeLessThan(6);
      // The picture alone (the reader of before: full bleed, the words beneath) is not that page.
      const bare = await raw(await sharp(image).resize(TRIMMED, TRIMMED).png().toBuffer());
      expect(meanDifference(bare, printed, band, columns)).toBeGreaterThan(10);
      if (panel === 'top-right') {
        // Beside it, the same page printed with its panel at the foot shows the same picture.
        const footed = await buildInteriorPdf({
          language: 'en',
          title: 'Test',
          pages: [{ kind: 'story', image, text, style: 'color', panel: 'bottom' }],
        });
        const other = await printedPage(footed.pdf);
        expect(meanDifference(other, printed, band, [10, half - 20])).toBeLessThan(3);
        expect(meanDifference(other, printed, band, columns)).toBeGreaterThan(10);
      }
    },
    60_000,
  );

  it('shows a bilingual edition’s page as printed: both languages on the panel (French page 2, German under it)', async () => {
    const told = async (language: 'fr' | 'de') =>
      (await loadStory('guardian-friend', 'storybook', language)).pages[1]!.text.replace(
        /\{child\}/g,
        'Léa',
      ).replace(/\{[^}]+\}/g, 'Nounours');
    const [text, secondText] = [await told('fr'), await told('de')];
    const scene = (await loadStory('guardian-friend', 'storybook', 'fr')).pages[1]!.scene;
    const image = await renderScenePage({
      scene,
      style: 'color',
      size: 1050,
      look: DEFAULT_CHILD_LOOK,
      toy: DEFAULT_TOY_LOOK,
    });
    const page = { kind: 'story', image, text, secondText, style: 'color', panel: 'bottom' } as const;
    const interior = await buildInteriorPdf({ language: 'fr', title: 'Test', pages: [page] });
    const printed = await printedPage(interior.pdf);
    const reader = await raw(
      await renderPrintedStoryPage({ image, text, secondText, panel: 'bottom', size: TRIMMED }),
    );
    expect(meanDifference(reader, printed)).toBeLessThan(6);
    const band: [number, number] = [220, 320];
    expect(meanDifference(reader, printed, band)).toBeLessThan(6);
    // The page with the French alone is not that page (measured about 14 apart in the panel's band).
    const single = await raw(await renderPrintedStoryPage({ image, text, panel: 'bottom', size: TRIMMED }));
    expect(meanDifference(single, printed, band)).toBeGreaterThan(10);
  }, 60_000);
});
