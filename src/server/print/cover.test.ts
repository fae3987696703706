import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCoverPdf, type CoverInput } from './cover';
import { inspectDocument } from './inspect';
import { preflight } from './preflight';
import { BLEED, coverDimensions } from './spec';
import { makeStoryImage } from './test-images';
import { extractText } from './test-pdf-text';

describe('buildCoverPdf', () => {
  let cover: Omit<CoverInput, 'coverType' | 'pageCount'>;

  beforeAll(async () => {
    cover = {
      title: 'Léa and Caramel at the Seaside',
      subtitle: 'A story for Léa',
      frontImage: await makeStoryImage(2048),
      backText: 'Léa and her bear Caramel set off for the seaside. « Une histoire rien que pour toi ».',
      language: 'en',
    };
  });

  for (const [coverType, pageCount] of [
    ['softcover', 24],
    ['softcover', 32],
    ['hardcover', 24],
    ['hardcover', 32],
  ] as const) {
    it(`makes a ${pageCount}-page ${coverType} cover that passes the preflight`, async () => {
      const { pdf, dimensions, spineTextDrawn } = await buildCoverPdf({ ...cover, coverType, pageCount });
      expect(await preflight(pdf, { kind: 'cover', coverType, pageCount })).toEqual({
        ok: true,
        problems: [],
      });
      const [page, ...others] = inspectDocument(await PDFDocument.load(pdf));
      expect(others).toHaveLength(0);
      expect(page?.mediaBox.width).toBeCloseTo(dimensions.width, 3);
      expect(page?.mediaBox.height).toBeCloseTo(dimensions.height, 3);
      expect(page?.bleedBox).toEqual(page?.mediaBox);
      expect(page?.trimBox?.x).toBeCloseTo(BLEED, 6);
      // The front picture runs from the spine to the outer edges, at 300 ppi.
      const [image] = page?.images ?? [];
      expect(image?.ppi).toBeGreaterThanOrEqual(300);
      expect(image?.ppi).toBeLessThanOrEqual(320);
      expect(image?.x).toBeCloseTo(dimensions.front.x, 3);
      expect((image?.x ?? 0) + (image?.drawnWidth ?? 0)).toBeCloseTo(dimensions.width, 3);
      expect(spineTextDrawn).toBe(false);
    });
  }

  it('differs in size between softcover and hardcover', async () => {
    const soft = await buildCoverPdf({ ...cover, coverType: 'softcover', pageCount: 32 });
    const hard = await buildCoverPdf({ ...cover, coverType: 'hardcover', pageCount: 32 });
    expect(hard.dimensions.width).toBeGreaterThan(soft.dimensions.width);
    expect(hard.dimensions.height).toBeGreaterThan(soft.dimensions.height);
    // A softcover file is not a hardcover cover.
    const wrong = await preflight(soft.pdf, { kind: 'cover', coverType: 'hardcover', pageCount: 32 });
    expect(wrong.ok).toBe(false);
    expect(wrong.problems.join('\n')).toMatch(/32-page hardcover needs/);
  });

  it('puts the title on the spine only when the spine is wide enough', async () => {
    const thick = await buildCoverPdf({
      ...cover,
      coverType: 'hardcover',
      pageCount: 120,
      spineText: 'Léa & Caramel',
    });
    expect(thick.spineTextDrawn).toBe(true);
    expect(thick.dimensions.spineWidth).toBe(coverDimensions('hardcover', 120).spineWidth);
    expect((await extractText(thick.pdf))[0]).toContain('Léa & Caramel');
    expect(await preflight(thick.pdf, { kind: 'cover', coverType: 'hardcover', pageCount: 120 })).toEqual({
      ok: true,
      problems: [],
    });
  });

  it('prints the front title and the back text', async () => {
    const { pdf } = await buildCoverPdf({ ...cover, coverType: 'softcover', pageCount: 24 });
    const text = (await extractText(pdf))[0]?.replace(/\u00a0/g, ' ').replace(/\n/g, ' ');
    expect(text).toContain('Léa and Caramel at the Seaside');
    expect(text).toContain('A story for Léa');
    expect(text).toContain('« Une histoire rien que pour toi ».');
  });
});
