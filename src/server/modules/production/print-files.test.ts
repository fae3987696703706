import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHILD_LOOK } from '../../../shared/domain/child-look';
import { DEFAULT_TOY_LOOK } from '../../../shared/domain/toy-look';
import { heroCoverParts, toyCover } from '../../adapters/illustrator/test-photos';
import { wordlessCoverArt } from '../../book/cover-art';
import { frontArtLayout } from '../../print/cover';
import type { Box } from '../../print/inspect';
import { inspectDocument } from '../../print/inspect';
import { type CoverDimensions, coverDimensions } from '../../print/spec';
import { makeLineArt, makeStoryImage } from '../../print/test-images';
import { extractText } from '../../print/test-pdf-text';
import { loadStory, type RenderedStory } from '../../stories/story';
import { buildPrintFiles, coverSheetPicture, type PrintFilesInput, printedPageCount } from './print-files';

const run = promisify(execFile);

/** A one-page PDF rendered by pdftoppm at 40 dpi, RGB, `width` wide. */
async function renderedPdf(pdf: Uint8Array, width: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'print-files-'));
  try {
    await writeFile(path.join(dir, 'cover.pdf'), pdf);
    await run('pdftoppm', [
      '-r',
      '40',
      '-png',
      '-singlefile',
      path.join(dir, 'cover.pdf'),
      path.join(dir, 'sheet'),
    ]);
    return await sharp(await readFile(path.join(dir, 'sheet.png')))
      .resize(width)
      .removeAlpha()
      .raw()
      .toBuffer();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A 64-bit difference hash: neighbouring pixels of a 9 x 8 grey copy, brighter or not. */
async function dHash(image: Buffer): Promise<boolean[]> {
  const data = await sharp(image).resize(9, 8, { fit: 'fill' }).greyscale().raw().toBuffer();
  const bits: boolean[] = [];
  for (let y = 0; y < 8; y += 1) {
    for (let x = 0; x < 8; x += 1) bits.push((data[y * 9 + x] ?? 0) > (data[y * 9 + x + 1] ?? 0));
  }
  return bits;
}

async function hashDistance(a: Buffer, b: Buffer): Promise<number> {
  const [ha, hb] = await Promise.all([dHash(a), dHash(b)]);
  return ha.filter((bit, i) => bit !== hb[i]).length;
}

/**
 * The front picture of a cover PDF (the image drawn from the front panel on, as the JPEG it was stored as), cut to the
 * square of the art's part below its words on the visible front panel.
 */
async function frontPanel(pdf: Uint8Array, dims: CoverDimensions): Promise<Buffer> {
  const [page] = inspectDocument(await PDFDocument.load(pdf));
  const front = (page?.images ?? []).find((placed) => Math.abs(placed.x - dims.front.x) < 0.01);
  if (!(front?.stream instanceof PDFRawStream)) throw new Error('no front picture');
  const art = frontArtLayout(dims);
  const perPoint = front.widthPx / front.drawnWidth;
  // The part of the art the approved cover keeps without words: x 177..847, y 290..960 of 1024.
  const unit = art.width / 1024;
  return sharp(Buffer.from(front.stream.contents))
    .extract({
      left: Math.round((art.x + 177 * unit - front.x) * perPoint),
      top: Math.round((front.y + front.drawnHeight - (art.y + art.height - 290 * unit)) * perPoint),
      width: Math.round(670 * unit * perPoint),
      height: Math.round(670 * unit * perPoint),
    })
    .png()
    .toBuffer();
}

function inside(
  placed: { x: number; y: number; drawnWidth: number; drawnHeight: number },
  safe: Box,
): boolean {
  const tolerance = 0.1;
  return (
    placed.x >= safe.x - tolerance &&
    placed.y >= safe.y - tolerance &&
    placed.x + placed.drawnWidth <= safe.x + safe.width + tolerance &&
    placed.y + placed.drawnHeight <= safe.y + safe.height + tolerance
  );
}

const flat = (pages: string[]) => pages.map((text) => text.replace(/\u00a0/g, ' ').replace(/\n/g, ' '));

function story(title: string, pages: number): RenderedStory {
  return {
    title,
    subtitle: 'A bedtime story for Mia',
    dedication: { message: 'For Mia, who makes every day softer.', signature: 'Grandma Rose' },
    pages: Array.from({ length: pages }, (_, i) => ({ position: i + 1, text: `Page ${i + 1}` })) as never,
  };
}

describe('buildPrintFiles', () => {
  let base: Omit<PrintFilesInput, 'story' | 'pages' | 'style' | 'bookType' | 'language'>;
  let hero: Buffer;
  let art: Buffer;

  beforeAll(async () => {
    ({ image: hero, art } = await heroCoverParts());
    base = {
      themeId: 'guardian-friend',
      names: { child: 'Mia', toy: 'Teddy' },
      heroCover: hero,
      toyCover: await toyCover(),
      coverTypes: ['softcover'],
    };
  }, 60_000);

  it('refuses a page drawn from its scene whose text panel would hide the child’s face (the layout check)', async () => {
    const [first] = (await loadStory('guardian-friend', 'storybook', 'en')).pages;
    const long = Array.from(
      { length: 14 },
      () => 'Then the toy whispered something very long and kind.',
    ).join(' ');
    const input = {
      ...base,
      language: 'en' as const,
      bookType: 'storybook' as const,
      style: 'color' as const,
      story: {
        ...story('Mia and the Night Guardian', 1),
        pages: [{ position: 1, text: long, scene: first!.scene }],
      },
      pages: [{ image: await makeStoryImage(512), text: long }],
    };
    await expect(
      buildPrintFiles({ ...input, layout: { look: DEFAULT_CHILD_LOOK, toy: DEFAULT_TOY_LOOK } }),
    ).rejects.toThrow(/layout check failed: Page 1 has no room for its text panel: .*the face/);
  }, 60_000);

  it('prints the approved cover’s art on the front, its words set inside the safe area, and the names and dedication inside', async () => {
    const image = await makeStoryImage(512);
    const files = await buildPrintFiles({
      ...base,
      heroArt: art,
      language: 'en',
      bookType: 'storybook',
      style: 'color',
      coverTypes: ['softcover', 'hardcover'],
      story: story('Mia and the Night Guardian', 4),
      pages: Array.from({ length: 4 }, (_, i) => ({ image, text: `Mia and Teddy, page ${i + 1}.` })),
    });
    for (const coverType of ['softcover', 'hardcover'] as const) {
      const cover = files.covers.get(coverType);
      if (!cover) throw new Error(`no ${coverType}`);
      // The front is the approved cover's art (its words are set apart), not another picture.
      const dims = coverDimensions(coverType, files.pageCount);
      const front = await frontPanel(cover, dims);
      expect(await hashDistance(front, await wordlessCoverArt(hero))).toBeLessThanOrEqual(8);
      expect(await hashDistance(front, await makeStoryImage(512))).toBeGreaterThan(12);
      const [page] = inspectDocument(await PDFDocument.load(cover));
      const words = (page?.images ?? []).filter((placed) => placed.name.startsWith('Words'));
      expect(words).toHaveLength(3);
      for (const word of words) expect(inside(word, dims.frontSafe)).toBe(true);
      // The back is a scene of the story out to the sheet's edge, with the toy small on it.
      const back = (page?.images ?? []).find(
        (placed) => placed.x === 0 && placed.drawnWidth > dims.back.width,
      );
      expect(back?.drawnWidth).toBeCloseTo(dims.spine.x, 3);
      expect(back?.drawnHeight).toBeCloseTo(dims.height, 3);
      const toy = (page?.images ?? []).filter((placed) => inside(placed, dims.backSafe));
      expect(toy.map((placed) => Math.round(placed.drawnWidth))).toEqual([86]);

      const [coverText = ''] = flat(await extractText(cover));
      // No title in type over the art's words (the spine of a 4-page book is too thin for one).
      expect(coverText).not.toContain('Mia and the Night Guardian');
      expect(coverText).toContain('A bedtime story made for Mia');
      expect(coverText).not.toMatch(/colouring/);
    }
    const interior = flat(await extractText(files.interior));
    expect(interior[0]).toContain('Mia and the Night Guardian');
    expect(interior[1]).toContain('For Mia, who makes every day softer.');
    expect(interior[1]).toContain('— Grandma Rose');
  }, 240_000);

  it('sets the cover’s words in the language printed: a French copy of an English book reads French on its front', async () => {
    const image = await makeStoryImage(256);
    const wordsOf = async (language: 'en' | 'fr') => {
      const files = await buildPrintFiles({
        ...base,
        heroArt: art,
        language,
        bookType: 'storybook',
        style: 'color',
        story: story(language === 'en' ? 'Mia and the Night Guardian' : 'Mia et le Gardien de la nuit', 2),
        pages: Array.from({ length: 2 }, (_, i) => ({ image, text: `Mia, page ${i + 1}.` })),
      });
      const [page] = inspectDocument(
        await PDFDocument.load(files.covers.get('softcover') ?? new Uint8Array()),
      );
      return (page?.images ?? [])
        .filter((placed) => placed.name.startsWith('Words'))
        .map((placed) => placed.widthPx);
    };
    const [en, fr] = [await wordsOf('en'), await wordsOf('fr')];
    expect(en).toHaveLength(3);
    expect(fr).toHaveLength(3);
    // The name is the same; the ribbon ("et le Gardien de la nuit") and the strapline
    // ("Une histoire Contes Doudou") are other words, so other widths.
    expect(fr[0]).toBe(en[0]);
    expect(fr[1]).not.toBe(en[1]);
    expect(fr[2]).not.toBe(en[2]);
  }, 240_000);

  it('makes a coloring book a black-and-white interior whose back cover says so, in French', async () => {
    const line = await makeLineArt(600);
    const files = await buildPrintFiles({
      ...base,
      language: 'fr',
      bookType: 'coloring',
      style: 'line',
      story: story('Mia et le Gardien de la nuit', 6),
      pages: Array.from({ length: 6 }, (_, i) => ({ image: line, text: `Mia et Teddy, page ${i + 1}.` })),
    });
    // 2 + 6 pages padded to a softcover's 32: the 24 pages at the end are pages to draw in.
    expect(files.pageCount).toBe(32);
    const pages = inspectDocument(await PDFDocument.load(files.interior));
    expect(pages.flatMap((page) => page.images).every((image) => image.colourSpace === 'DeviceGray')).toBe(
      true,
    );
    expect(pages.flatMap((page) => page.colourOperators)).toEqual([]);
    const text = flat(await extractText(files.interior));
    expect(text[31]).toMatch(/Dessine|À toi, Mia/);
    const [back = ''] = flat(await extractText(files.covers.get('softcover') ?? new Uint8Array()));
    expect(back).toContain('Un livre de coloriage fait rien que pour Mia.');
  }, 120_000);

  it('draws the sheet of a mixed order with the page count the order prints: a 20-page coloring book has 32', async () => {
    const line = await makeLineArt(600);
    const storyPages = 18;
    // A softcover book with hardcover copies: one interior, padded for the softcover's 32 pages.
    const files = await buildPrintFiles({
      ...base,
      coverTypes: ['softcover', 'hardcover'],
      language: 'en',
      bookType: 'coloring',
      style: 'line',
      story: story('Mia and the Night Guardian', storyPages),
      pages: Array.from({ length: storyPages }, (_, i) => ({ image: line, text: `Page ${i + 1}.` })),
    });
    expect(files.pageCount).toBe(32);
    expect(printedPageCount(storyPages, ['hardcover', 'softcover'])).toBe(files.pageCount);
    // A hardcover-only order prints 24; the printed hardcover cover of the mixed order is 32 pages'.
    expect(printedPageCount(storyPages, ['hardcover'])).toBe(24);
    const [hardcover] = (await PDFDocument.load(files.covers.get('hardcover')!)).getPages();
    const dims = coverDimensions('hardcover', files.pageCount);
    expect(hardcover!.getWidth()).toBeCloseTo(dims.width, 3);
    // The reader's hardcover sheet for that order is that cover: the same size, the same picture.
    const width = Math.round((dims.width / 72) * 40);
    const source = {
      ...base,
      language: 'en' as const,
      bookType: 'coloring' as const,
      style: 'line' as const,
      story: story('Mia and the Night Guardian', storyPages),
      lastPicture: line,
    };
    const sheet = await coverSheetPicture(source, 'hardcover', ['softcover'], storyPages, width);
    const { height = 0 } = await sharp(sheet).metadata();
    expect(height).toBe(Math.round((dims.height / 72) * 40));
    const printed = await renderedPdf(files.covers.get('hardcover')!, width);
    const drawn = await sharp(sheet).removeAlpha().raw().toBuffer();
    // Compared on the boards and the spine (the turn-in beyond them is drawn paler on screen):
    // measured 6.1, the dashed folds and hinges included.
    const inset = Math.ceil((dims.margin / 72) * 40) + 2;
    let [sum, count] = [0, 0];
    for (let y = inset; y < height - inset; y++) {
      for (let i = (y * width + inset) * 3; i < (y * width + width - inset) * 3; i++) {
        sum += Math.abs(drawn[i]! - printed[i]!);
        count += 1;
      }
    }
    expect(sum / count).toBeLessThan(8);
  }, 180_000);

  it('names the whole cast on the back cover and the pages to draw in (issue 35)', async () => {
    const line = await makeLineArt(600);
    const cast = [
      { name: 'Mia', gender: 'female' as const },
      { name: 'Inès', gender: 'female' as const },
      { name: 'Zoé', gender: 'female' as const },
    ];
    const files = await buildPrintFiles({
      ...base,
      names: { child: 'Mia', toy: 'Teddy', cast },
      language: 'fr',
      bookType: 'coloring',
      style: 'line',
      story: story('Le Gardien de la nuit de Mia, Inès et Zoé', 6),
      pages: Array.from({ length: 6 }, (_, i) => ({ image: line, text: `Page ${i + 1}.` })),
    });
    const text = flat(await extractText(files.interior));
    expect(text.slice(8).join(' ')).toContain(
      'À vous, Mia, Inès et Zoé ! Dessinez votre propre aventure avec Teddy',
    );
    const [back = ''] = flat(await extractText(files.covers.get('softcover') ?? new Uint8Array()));
    expect(back).toContain('Un livre de coloriage fait rien que pour Mia, Inès et Zoé.');
  }, 120_000);
});
