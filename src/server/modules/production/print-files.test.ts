import { PDFDocument, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { heroCover, toyCover } from '../../adapters/illustrator/test-photos';
import { wordlessCoverArt } from '../../book/cover-art';
import { inspectDocument } from '../../print/inspect';
import { makeLineArt, makeStoryImage } from '../../print/test-images';
import { extractText } from '../../print/test-pdf-text';
import type { RenderedStory } from '../../stories/story';
import { buildPrintFiles, type PrintFilesInput } from './print-files';

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

/** The front picture of a cover PDF: the largest image, as the JPEG it was stored as. */
async function frontImage(pdf: Uint8Array): Promise<Buffer> {
  const [page] = inspectDocument(await PDFDocument.load(pdf));
  const front = [...(page?.images ?? [])].sort((a, b) => b.drawnWidth - a.drawnWidth)[0];
  if (!(front?.stream instanceof PDFRawStream)) throw new Error('no front picture');
  return Buffer.from(front.stream.contents);
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

  beforeAll(async () => {
    [hero] = await Promise.all([heroCover()]);
    base = {
      names: { child: 'Mia', toy: 'Teddy' },
      heroCover: hero,
      toyCover: await toyCover(),
      coverTypes: ['softcover'],
    };
  }, 60_000);

  it('prints the approved cover on the front with the book’s one title, and the names and dedication inside', async () => {
    const image = await makeStoryImage(512);
    const files = await buildPrintFiles({
      ...base,
      language: 'en',
      bookType: 'storybook',
      style: 'color',
      story: story('Mia and the Night Guardian', 4),
      pages: Array.from({ length: 4 }, (_, i) => ({ image, text: `Mia and Teddy, page ${i + 1}.` })),
    });
    const cover = files.covers.get('softcover');
    if (!cover) throw new Error('no softcover');
    // The front is the approved hero cover itself, its painted title included, not another picture.
    const front = await frontImage(cover);
    expect(await hashDistance(front, hero)).toBeLessThanOrEqual(6);
    expect(await hashDistance(front, await wordlessCoverArt(hero))).toBeGreaterThan(6);
    expect(await hashDistance(front, await makeStoryImage(512))).toBeGreaterThan(12);

    const [coverText = ''] = flat(await extractText(cover));
    // No second title is set over the painted one (the spine of a 4-page book is too thin for one).
    expect(coverText).not.toContain('Mia and the Night Guardian');
    expect(coverText).toContain('A bedtime story made for Mia');
    expect(coverText).not.toMatch(/colouring/);
    const interior = flat(await extractText(files.interior));
    expect(interior[0]).toContain('Mia and the Night Guardian');
    expect(interior[1]).toContain('For Mia, who makes every day softer.');
    expect(interior[1]).toContain('— Grandma Rose');
  }, 120_000);

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
});
