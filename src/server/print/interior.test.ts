import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { inspectDocument, type PageReport } from './inspect';
import { buildInteriorPdf, type InteriorPage, type InteriorResult } from './interior';
import { preflight } from './preflight';
import { BLEED, PAGE, SAFE_RECT, TRIM } from './spec';
import { makeColoringBook, makeStorybook } from './test-books';
import { makeLineArt, makeStoryImage } from './test-images';
import { extractText, textBaselines } from './test-pdf-text';

async function inspect(pdf: Uint8Array): Promise<{ doc: PDFDocument; pages: PageReport[] }> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  return { doc, pages: inspectDocument(doc) };
}

const nbspToSpace = (text: string) => text.replace(/\u00a0/g, ' ');

describe('buildInteriorPdf: a 30-page storybook', () => {
  let result: InteriorResult;
  let doc: PDFDocument;
  let pages: PageReport[];

  beforeAll(async () => {
    const book = await makeStorybook();
    result = await buildInteriorPdf({ language: 'fr', title: 'Léa et Caramel à la mer', pages: book });
    ({ doc, pages } = await inspect(result.pdf));
  }, 60_000);

  it('passes the preflight', async () => {
    expect(await preflight(result.pdf, { kind: 'interior', pageCount: 32 })).toEqual({
      ok: true,
      problems: [],
    });
  });

  it('has 32 pages (title, dedication, 30 story pages), each with its print boxes', () => {
    expect(result.pageCount).toBe(32);
    expect(pages).toHaveLength(32);
    for (const page of pages) {
      expect(page.mediaBox).toEqual({ x: 0, y: 0, width: PAGE, height: PAGE });
      expect(page.bleedBox).toEqual(page.mediaBox);
      expect(page.trimBox).toEqual({ x: BLEED, y: BLEED, width: TRIM, height: TRIM });
    }
  });

  it('prints every picture at 300 ppi, never wildly more', () => {
    const images = pages.flatMap((page) => page.images);
    expect(images).toHaveLength(31);
    for (const image of images) {
      expect(image.ppi).toBeGreaterThanOrEqual(300);
      expect(image.ppi).toBeLessThanOrEqual(320);
      expect(image.colourSpace).toBe('DeviceRGB');
      expect(image.filter).toBe('DCTDecode');
    }
  });

  it('draws story pictures full-bleed, from 1024 and 2048 px sources alike', () => {
    for (const page of pages.slice(2)) {
      expect(page.images).toHaveLength(1);
      expect(page.images[0]).toMatchObject({ widthPx: 2625, heightPx: 2625, x: 0, y: 0 });
      expect(page.images[0]?.drawnWidth).toBeCloseTo(PAGE, 6);
    }
  });

  it('embeds subsets of Fredoka and Nunito, and no other font', () => {
    const fonts = new Set(pages.flatMap((page) => page.fonts.map((font) => `${font.name} ${font.embedded}`)));
    expect([...fonts].sort()).toEqual([
      'CTBKAA+Fredoka-SemiBold true',
      'CTBKBA+Fredoka-Medium true',
      'CTBKCA+Nunito-Regular true',
      'CTBKDA+Nunito-Italic true',
    ]);
  });

  it('sets the title, language and producer', () => {
    expect(doc.getTitle()).toBe('Léa et Caramel à la mer');
    expect(doc.getProducer()).toMatch(/Cuddle Tales/);
    const lang = doc.catalog.lookup(PDFName.of('Lang'));
    expect(lang instanceof PDFString ? lang.decodeText() : String(lang)).toBe('fr');
  });

  it('prints French text with its accents, œ and guillemets', async () => {
    const text = (await extractText(result.pdf)).map(nbspToSpace);
    expect(text[0]).toContain('Léa and Caramel');
    expect(text[1]).toContain('mon cœur.');
    expect(text[1]).toContain('— Mamie & Papi');
    const french = text[4]?.replace(/\n/g, ' ');
    expect(french).toContain('« Ça, c’est l’œuvre de Léa »');
    expect(french).toContain('partent à la mer.');
    expect(text.join('')).not.toContain('\uFFFD');
  });
});

describe('buildInteriorPdf: a 20-page coloring book', () => {
  let result: InteriorResult;
  let pages: PageReport[];

  beforeAll(async () => {
    result = await buildInteriorPdf({
      language: 'en',
      title: 'Coloring',
      pages: await makeColoringBook(),
      drawYourOwn: ['Your turn! Draw your own adventure here.'],
    });
    ({ pages } = await inspect(result.pdf));
  }, 60_000);

  it('pads 22 pages to 24 and passes the preflight', async () => {
    expect(result.pageCount).toBe(24);
    expect(pages).toHaveLength(24);
    expect(await preflight(result.pdf, { kind: 'interior', pageCount: 24 })).toEqual({
      ok: true,
      problems: [],
    });
  });

  it('is black and white throughout: lossless grey pictures, no colour anywhere (the preflight agrees)', async () => {
    const images = pages.flatMap((page) => page.images);
    expect(images.length).toBeGreaterThanOrEqual(20);
    for (const image of images) {
      expect(image.colourSpace).toBe('DeviceGray');
      expect(image.filter).toBe('FlateDecode');
    }
    expect(pages.flatMap((page) => page.colourOperators)).toEqual([]);
    expect(await preflight(result.pdf, { kind: 'interior', pageCount: 24, blackAndWhite: true })).toEqual({
      ok: true,
      problems: [],
    });
  });

  it('keeps the story pages together and ends on pages to draw in, never blank', async () => {
    const text = await extractText(result.pdf);
    // Title, dedication, then 20 pictures in a row; the two pages added to reach 24 come last.
    expect(pages.slice(2, 22).every((page) => page.images.length === 1)).toBe(true);
    expect(text.slice(22)).toEqual([
      'Your turn! Draw your own adventure here.',
      'Your turn! Draw your own adventure here.',
    ]);
  });

  it('puts the line art in grey inside the safe area, at 300 ppi', () => {
    const art = pages.slice(2, 22).map((page) => page.images[0]);
    expect(art).toHaveLength(20);
    for (const image of art) {
      if (!image) throw new Error('a coloring page has no picture');
      expect(image.colourSpace).toBe('DeviceGray');
      expect(image.ppi).toBeGreaterThanOrEqual(300);
      expect(image.ppi).toBeLessThanOrEqual(320);
      expect(image.x).toBeGreaterThanOrEqual(SAFE_RECT.x);
      expect(image.x + image.drawnWidth).toBeLessThanOrEqual(SAFE_RECT.x + SAFE_RECT.width + 0.01);
      expect(image.y).toBeGreaterThanOrEqual(SAFE_RECT.y);
      expect(image.y + image.drawnHeight).toBeLessThanOrEqual(SAFE_RECT.y + SAFE_RECT.height + 0.01);
    }
    expect(pages.slice(22).every((page) => page.images.length === 0)).toBe(true);
  });

  it('fails the black-and-white preflight with a colour picture or coloured text', async () => {
    const colour = await buildInteriorPdf({
      language: 'en',
      title: 'Mixed',
      pages: [
        { kind: 'title', title: 'Mixed', subtitle: 'A storybook title page' },
        { kind: 'story', style: 'color', image: await makeStoryImage(256), text: 'Colour' },
      ],
      style: 'color',
    });
    const { ok, problems } = await preflight(colour.pdf, { kind: 'interior', blackAndWhite: true });
    expect(ok).toBe(false);
    expect(problems.join('\n')).toMatch(/image .* is in DeviceRGB; a black-and-white interior/);
    expect(problems.join('\n')).toMatch(/DCTDecode; line art must be lossless/);
    expect(problems.join('\n')).toMatch(/Page 1 sets a colour \(.* rg/);
  });

  it('prints a one-line caption under each picture', async () => {
    const text = await extractText(result.pdf);
    expect(text[2]).toBe('Léa builds a sandcastle with Caramel.');
  });
});

describe('buildInteriorPdf: pages and pictures', () => {
  it('pads to the minimum for a hardcover, and keeps 32 as 32', async () => {
    const image = await makeStoryImage(256);
    const story = (count: number) =>
      Array.from(
        { length: count },
        (): InteriorPage => ({ kind: 'story', style: 'color', image, text: 'Hello' }),
      );
    const hard = await buildInteriorPdf({ language: 'en', title: 'T', pages: story(10) }, { minPages: 24 });
    expect(hard.pageCount).toBe(24);
    expect((await inspect(hard.pdf)).pages).toHaveLength(24);
    const blanks: InteriorPage[] = Array.from({ length: 32 }, () => ({ kind: 'blank' }));
    const full = await buildInteriorPdf({ language: 'en', title: 'T', pages: blanks });
    expect(full.pageCount).toBe(32);
    expect(await preflight(full.pdf, { kind: 'interior', coverType: 'hardcover' })).toEqual({
      ok: true,
      problems: [],
    });
  });

  it('crops pictures of any shape to the page and turns CMYK into RGB', async () => {
    const wide = await makeStoryImage(1000, { width: 1600, format: 'jpeg' });
    const cmyk = await sharp(await makeStoryImage(1200))
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    const { pdf } = await buildInteriorPdf({
      language: 'en',
      title: 'Shapes',
      pages: [
        { kind: 'story', style: 'color', image: wide, text: 'Wide' },
        { kind: 'story', style: 'color', image: cmyk, text: 'CMYK' },
      ],
    });
    const { pages } = await inspect(pdf);
    for (const page of pages.slice(0, 2)) {
      expect(page.images[0]).toMatchObject({ widthPx: 2625, heightPx: 2625, colourSpace: 'DeviceRGB' });
    }
    expect(await preflight(pdf, { kind: 'interior' })).toEqual({ ok: true, problems: [] });
  });

  it('refuses a text too long for its page instead of cutting it', async () => {
    const image = await makeStoryImage(256);
    const text = 'Once upon a time there was a very long story. '.repeat(120);
    await expect(
      buildInteriorPdf({
        language: 'en',
        title: 'T',
        pages: [{ kind: 'story', style: 'color', image, text }],
      }),
    ).rejects.toThrow(/too long to print/);
  });

  it('refuses a picture that is not an image', async () => {
    await expect(
      buildInteriorPdf({
        language: 'en',
        title: 'T',
        pages: [{ kind: 'story', style: 'color', image: Buffer.from('not an image'), text: 'Hi' }],
      }),
    ).rejects.toThrow();
  });
});

describe('buildInteriorPdf: where a story page’s text goes', () => {
  /** A square picture: flat sky over the whole, with dense stripes (a face, a toy) in one half. */
  const halfBusy = (busy: 'top' | 'bottom') => {
    const y = busy === 'top' ? 0 : 50;
    const stripes = Array.from(
      { length: 25 },
      (_, i) => `<rect x="${i * 4}" y="${y}" width="2" height="50" fill="#222"/>`,
    ).join('');
    return sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 100 100"><rect width="100" height="100" fill="#9fc5e8"/>${stripes}</svg>`,
      ),
    )
      .png()
      .toBuffer();
  };

  it('sits on the calmer part of the picture: above a busy bottom, below a busy top', async () => {
    const text = 'Mia and Bunny look at the moon together.';
    const { pdf } = await buildInteriorPdf({
      language: 'en',
      title: 'Panels',
      pages: [
        { kind: 'story', style: 'color', image: await halfBusy('bottom'), text },
        { kind: 'story', style: 'color', image: await halfBusy('top'), text },
      ],
    });
    const [above = [], below = []] = await textBaselines(pdf);
    expect(above.length).toBeGreaterThan(0);
    expect(below.length).toBeGreaterThan(0);
    expect(Math.min(...above)).toBeGreaterThan(PAGE / 2);
    expect(Math.max(...below)).toBeLessThan(PAGE / 2);
    expect(Math.max(...above)).toBeLessThan(SAFE_RECT.y + SAFE_RECT.height);
    expect(Math.min(...below)).toBeGreaterThan(SAFE_RECT.y);
  });
});

describe('buildInteriorPdf: the bilingual edition (issue 32)', () => {
  const french = 'Le soleil glisse derrière les collines, et le ciel devient doux et doré.';
  const german = 'Die Sonne gleitet hinter die Hügel, und der Himmel wird weich und golden.';

  it('prints each page in both languages, the second under the first and a little smaller', async () => {
    const image = await makeStoryImage(512);
    const { pdf } = await buildInteriorPdf({
      language: 'fr',
      title: 'Deux langues',
      pages: [{ kind: 'story', style: 'color', image, text: french, secondText: german }],
    });
    const [page = ''] = await extractText(pdf);
    const flat = nbspToSpace(page).replace(/\s+/g, ' ');
    expect(flat).toContain('Le soleil glisse');
    expect(flat).toContain('Die Sonne gleitet');
    expect(flat.indexOf('Le soleil glisse')).toBeLessThan(flat.indexOf('Die Sonne gleitet'));
    const [baselines = []] = await textBaselines(pdf);
    // Every line inside the safe area.
    expect(Math.min(...baselines)).toBeGreaterThan(SAFE_RECT.y);
    expect(Math.max(...baselines)).toBeLessThan(SAFE_RECT.y + SAFE_RECT.height);
  });

  it('puts both captions under a coloring page, and refuses two texts too long to share a page', async () => {
    const { pdf } = await buildInteriorPdf({
      language: 'de',
      title: 'Zwei Sprachen',
      pages: [
        {
          kind: 'story',
          style: 'line',
          image: await makeLineArt(256),
          text: 'Emma baut eine Sandburg.',
          secondText: 'Emma costruisce un castello di sabbia.',
        },
      ],
    });
    const [page = ''] = await extractText(pdf);
    expect(page).toContain('Emma baut eine Sandburg.');
    expect(page).toContain('Emma costruisce un castello di sabbia.');
    const long = 'Es war einmal eine sehr lange Geschichte, die nie aufhören wollte. '.repeat(20);
    await expect(
      buildInteriorPdf({
        language: 'de',
        title: 'T',
        pages: [
          { kind: 'story', style: 'color', image: await makeStoryImage(256), text: long, secondText: long },
        ],
      }),
    ).rejects.toThrow(/too long to print/);
  });
});
