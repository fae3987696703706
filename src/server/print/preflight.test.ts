import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildInteriorPdf } from './interior';
import { preflight } from './preflight';
import { BLEED, PAGE, TRIM } from './spec';
import { makeLineArt, makeStoryImage } from './test-images';

/** A PDF made by hand the careless way: no bleed box, a 72 ppi picture, Helvetica, 30 pages. */
async function makeCarelessPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const picture = await doc.embedPng(await makeStoryImage(630));
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < 30; i += 1) {
    const page = doc.addPage([PAGE, PAGE]);
    if (i === 0) {
      // 630 px over the 630 pt (8.75 in) page: 72 ppi.
      page.drawImage(picture, { x: 0, y: 0, width: PAGE, height: PAGE });
      page.drawText('Once upon a time', { x: 60, y: 60, size: 24, font: helvetica });
    }
  }
  return doc.save();
}

/** A correct page, to which each test adds one mistake. */
async function makePage(doc: PDFDocument) {
  const page = doc.addPage([PAGE, PAGE]);
  page.setBleedBox(0, 0, PAGE, PAGE);
  page.setTrimBox(BLEED, BLEED, TRIM, TRIM);
  return page;
}

describe('preflight', () => {
  it('finds every mistake of a careless PDF', async () => {
    const { ok, problems } = await preflight(await makeCarelessPdf(), { kind: 'interior' });
    expect(ok).toBe(false);
    const text = problems.join('\n');
    expect(text).toMatch(/30 pages, not a multiple of 4/);
    expect(text).toMatch(/Page 1: no BleedBox/);
    expect(text).toMatch(/Page 1: no TrimBox/);
    expect(text).toMatch(/Page 30: no TrimBox/);
    expect(text).toMatch(
      /Page 1: image .* \(630 x 630 px\) is drawn at 222 x 222 mm: 72 ppi, at least 300 needed/,
    );
    expect(text).toMatch(/Font Helvetica is a standard-14 font and is not embedded/);
  });

  it('measures resolution where the image is drawn, so one picture can pass and fail', async () => {
    const doc = await PDFDocument.create();
    // 300 px is 300 ppi over one inch and 150 ppi over two.
    const picture = await doc.embedJpg(
      await sharp(await makeStoryImage(300))
        .jpeg()
        .toBuffer(),
    );
    for (let i = 0; i < 4; i += 1) {
      const page = await makePage(doc);
      page.drawImage(picture, { x: 100, y: 100, width: 72 * (i === 3 ? 2 : 1), height: 72 });
    }
    const { problems } = await preflight(await doc.save(), { kind: 'interior' });
    expect(problems).toEqual([expect.stringMatching(/^Page 4: image .* 150 ppi, at least 300 needed$/)]);
  });

  it('follows nested matrices: a scaled form XObject', async () => {
    const doc = await PDFDocument.create();
    const picture = await doc.embedJpg(
      await sharp(await makeStoryImage(600))
        .jpeg()
        .toBuffer(),
    );
    const page = await makePage(doc);
    for (let i = 0; i < 3; i += 1) await makePage(doc);
    // q 2 0 0 2 0 0 cm … then drawImage's own matrix: 600 px over 2 x 72 pt is 300 ppi, over 4 x 72 pt 150.
    const { pushGraphicsState, popGraphicsState, concatTransformationMatrix } = await import('pdf-lib');
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(2, 0, 0, 2, 0, 0));
    page.drawImage(picture, { x: 0, y: 0, width: 144, height: 144 });
    page.pushOperators(popGraphicsState());
    const { problems } = await preflight(await doc.save(), { kind: 'interior' });
    expect(problems).toEqual([expect.stringMatching(/^Page 1: .* 150 ppi/)]);
  });

  it('refuses CMYK pictures', async () => {
    const doc = await PDFDocument.create();
    const cmyk = await sharp(await makeStoryImage(700))
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer();
    const picture = await doc.embedJpg(cmyk);
    const page = await makePage(doc);
    page.drawImage(picture, { x: 0, y: 0, width: 72, height: 72 });
    for (let i = 0; i < 3; i += 1) await makePage(doc);
    const { problems } = await preflight(await doc.save(), { kind: 'interior' });
    expect(problems).toEqual([expect.stringMatching(/in DeviceCMYK; RGB or grey expected/)]);
  });

  it('checks the bleed to 0.05 mm and the trim size', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 4; i += 1) {
      const page = doc.addPage([PAGE, PAGE]);
      page.setBleedBox(0, 0, PAGE, PAGE);
      // 5 mm of bleed on page 1 (a 4 mm Gelato file); pages 2-4 are right.
      const bleed = i === 0 ? (5 / 25.4) * 72 : BLEED;
      page.setTrimBox(bleed, bleed, PAGE - 2 * bleed, PAGE - 2 * bleed);
    }
    const { problems } = await preflight(await doc.save(), { kind: 'interior' });
    expect(problems).toContain('Page 1: bleed on the left is 5.00 mm, 3.18 mm expected');
    expect(problems).toContainEqual(
      expect.stringMatching(/^Page 1: trim is 212\.\d x 212\.\d mm, 215\.9 x 215\.9 mm expected$/),
    );
    expect(problems.every((problem) => problem.startsWith('Page 1:'))).toBe(true);
  });

  it('checks page counts: expected count and the hardcover minimum', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 20; i += 1) await makePage(doc);
    const pdf = await doc.save();
    expect((await preflight(pdf, { kind: 'interior', pageCount: 24 })).problems).toEqual([
      'The interior has 20 pages, 24 expected',
    ]);
    expect((await preflight(pdf, { kind: 'interior', coverType: 'hardcover' })).problems).toEqual([
      'A hardcover needs at least 24 pages, this interior has 20',
    ]);
    expect(
      (await preflight(pdf, { kind: 'cover', coverType: 'softcover', pageCount: 20 })).problems,
    ).toContain('A cover is one page, this PDF has 20');
  });

  it('reports a file that is not a PDF', async () => {
    const result = await preflight(new TextEncoder().encode('hello'), { kind: 'interior' });
    expect(result.ok).toBe(false);
    expect(result.problems[0]).toMatch(/not a readable PDF/);
  });
});

describe('preflight: real detail', () => {
  it('refuses a story picture enlarged from a smaller one, and passes one drawn at print size', async () => {
    const [native, small, nativeLine, smallLine] = await Promise.all([
      makeStoryImage(2625, { seed: 1 }),
      makeStoryImage(1024, { seed: 1 }),
      makeLineArt(2625),
      makeLineArt(1024),
    ]);
    const { pdf } = await buildInteriorPdf({
      language: 'en',
      title: 'Detail',
      pages: [
        { kind: 'story', style: 'color', image: native, text: 'Drawn at 2625 px' },
        { kind: 'story', style: 'color', image: small, text: 'Drawn at 1024 px, enlarged' },
        { kind: 'story', style: 'line', image: nativeLine, text: 'Line art at 2625 px' },
        { kind: 'story', style: 'line', image: smallLine, text: 'Line art at 1024 px, enlarged' },
      ],
      style: 'color',
    });
    // Both pass the resolution check: the enlarged pictures have the pixels, not the detail.
    expect(await preflight(pdf, { kind: 'interior' })).toEqual({ ok: true, problems: [] });
    const { problems } = await preflight(pdf, { kind: 'interior', nativeDetail: true });
    expect(problems).toEqual([
      expect.stringMatching(
        /^Page 2: image .* \(2625 x 2625 px\) has the detail of a smaller picture enlarged/,
      ),
      expect.stringMatching(/^Page 4: image .* has the detail of a smaller picture enlarged/),
    ]);
  }, 60_000);
});
