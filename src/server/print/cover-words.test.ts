import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHILD_LOOK } from '../../shared/domain/child-look';
import type { Language } from '../../shared/i18n';
import { drawChild } from '../adapters/illustrator/characters';
import {
  COVER_IMPRINT,
  COVER_SIZE,
  renderCoverParts,
  renderCoverWords,
  seedFrom,
} from '../adapters/illustrator/cover-art';
import { coverLines } from '../stories/book-words';
import { coverSceneOf } from '../stories/catalogue';
import { buildCoverPdf, type FrontWords } from './cover';
import { inspectDocument } from './inspect';
import { preflight } from './preflight';
import { type CoverDimensions, coverDimensions, type Rect, WORDS_XOBJECT } from './spec';
import { makeStoryImage } from './test-images';

// Issue 31 (docs/decisions/022-covers-per-binding.md): on every binding and page count, the cover's
// words (the name, the ribbon's line, the strapline) sit inside the front panel's safe area, never
// in the casewrap's turn-in or hinge; the preflight fails a cover whose words leave it.

/** Words drawn at 2.7 px per design unit: at least 300 ppi on the largest front art. */
const PIXELS_PER_UNIT = 2.7;

async function words(language: Language, name: string, themeId: string): Promise<FrontWords> {
  const lines = coverLines(themeId, language, 'hero', name);
  const drawn = await renderCoverWords(
    { theme: 'hero', title: lines.title, subtitle: lines.subtitle, imprint: COVER_IMPRINT[language] },
    PIXELS_PER_UNIT,
  );
  return {
    designUnits: COVER_SIZE,
    pixelsPerUnit: PIXELS_PER_UNIT,
    title: drawn.title.image,
    ribbon: drawn.ribbon.image,
    imprint: drawn.imprint.image,
  };
}

/** The words' boxes as the PDF draws them, read back from its bytes. */
async function wordBoxes(pdf: Uint8Array): Promise<Rect[]> {
  const [page] = inspectDocument(await PDFDocument.load(pdf));
  return (page?.images ?? [])
    .filter((image) => image.name.startsWith(WORDS_XOBJECT))
    .map((image) => ({ x: image.x, y: image.y, width: image.drawnWidth, height: image.drawnHeight }));
}

const within = (box: Rect, safe: Rect) =>
  box.x >= safe.x - 0.01 &&
  box.y >= safe.y - 0.01 &&
  box.x + box.width <= safe.x + safe.width + 0.01 &&
  box.y + box.height <= safe.y + safe.height + 0.01;

describe('the cover’s words per binding', () => {
  let art: Buffer;
  /** The birthday story's own cover art (its afternoon scene), without its words. */
  let birthdayArt: Buffer;
  const drawn = new Map<string, FrontWords>();

  beforeAll(async () => {
    art = await makeStoryImage(1024);
    const parts = await renderCoverParts(
      {
        theme: 'hero',
        title: 'Oscar',
        subtitle: 'and the Runaway Balloon',
        imprint: COVER_IMPRINT.en,
        figure: drawChild({
          look: DEFAULT_CHILD_LOOK,
          style: 'color',
          outfit: 'day',
          pose: 'waving',
          expression: 'happy',
        }),
        seed: seedFrom('hero_generation:Oscar'),
        scene: coverSceneOf('birthday-adventure'),
      },
      { art: true },
    );
    birthdayArt = parts.art!;
    for (const [language, name, themeId] of [
      ['en', 'Oscar', 'guardian-friend'],
      ['fr', 'Hippolyte-Alexandre', 'guardian-friend'],
      ['en', 'Maximilian Alexander', 'guardian-friend'],
      // The birthday story's longer ribbon line ("and the Runaway Balloon", "und der Ballon auf Reisen").
      ['en', 'Oscar', 'birthday-adventure'],
      ['de', 'Maximilian Alexander', 'birthday-adventure'],
      ['it', 'Mia', 'birthday-adventure'],
    ] as const) {
      drawn.set(`${language}:${name}:${themeId}`, await words(language, name, themeId));
    }
  }, 120_000);

  const cases: Array<[coverType: 'softcover' | 'hardcover', pageCount: number]> = [
    ['softcover', 24],
    ['softcover', 120],
    ['hardcover', 24],
    ['hardcover', 120],
    ['hardcover', 400],
  ];
  for (const [coverType, pageCount] of cases) {
    it(`sets every word inside the front’s safe area of a ${pageCount}-page ${coverType}`, async () => {
      const dims = coverDimensions(coverType, pageCount);
      for (const [key, frontWords] of drawn) {
        const { pdf } = await buildCoverPdf({
          coverType,
          pageCount,
          title: 'unused',
          frontImage: key.endsWith(':birthday-adventure') ? birthdayArt : art,
          frontWords,
          backText: 'A story.',
          language: key.split(':')[0] as Language,
        });
        const boxes = await wordBoxes(pdf);
        expect(boxes, key).toHaveLength(3);
        for (const box of boxes)
          expect(within(box, dims.frontSafe), `${key} ${JSON.stringify(box)}`).toBe(true);
        // The name is set large (over 3 in wide), not shrunk to nothing.
        const title = boxes.reduce((a, b) => (a.width * a.height > b.width * b.height ? a : b));
        expect(title.width).toBeGreaterThan(3 * 72);
        expect((await preflight(pdf, { kind: 'cover', coverType, pageCount })).problems).toEqual([]);
      }
    }, 120_000);
  }

  it('keeps the words off the hardcover’s turn-in and hinge: they would be there at the softcover’s place', () => {
    const soft = coverDimensions('softcover', 32);
    const hard = coverDimensions('hardcover', 32);
    // The hardcover's safe area starts 0.75 in (turn-in) + 0.5 in (safety) from the sheet's top and
    // bottom, and the hinge pushes it 0.4 in further from the spine.
    expect(hard.height - (hard.frontSafe.y + hard.frontSafe.height)).toBeCloseTo(72 * 1.25, 6);
    expect(hard.frontSafe.x - hard.front.x).toBeCloseTo(72 * 0.9, 6);
    expect(soft.height - (soft.frontSafe.y + soft.frontSafe.height)).toBeCloseTo(72 * 0.625, 6);
  });

  it('fails a cover whose words leave the safe area (in the turn-in, or in the hinge)', async () => {
    const dims = coverDimensions('hardcover', 32);
    const frontWords = drawn.get('en:Oscar:guardian-friend');
    if (!frontWords) throw new Error('no words');
    const { pdf } = await buildCoverPdf({
      coverType: 'hardcover',
      pageCount: 32,
      title: 'unused',
      frontImage: art,
      frontWords,
      backText: 'A story.',
      language: 'en',
    });
    const moved = async (rect: (dims: CoverDimensions) => Rect) => {
      const doc = await PDFDocument.load(pdf);
      const page = doc.getPage(0);
      const ref = (await doc.embedPng(frontWords.imprint)).ref;
      const name = page.node.newXObject(WORDS_XOBJECT, ref);
      const r = rect(dims);
      page.pushOperators(
        pushGraphicsState(),
        concatTransformationMatrix(r.width, 0, 0, r.height, r.x, r.y),
        drawObject(name),
        popGraphicsState(),
      );
      return preflight(await doc.save(), { kind: 'cover', coverType: 'hardcover', pageCount: 32 });
    };
    // The strapline where the square approved cover put it on the whole sheet: in the turn-in.
    const turnIn = await moved((d) => ({ x: d.front.x + 150, y: 20, width: 200, height: 20 }));
    expect(turnIn.ok).toBe(false);
    expect(turnIn.problems.join('\n')).toMatch(
      /words .* leave the front's safe area by [\d.]+ mm on the bottom/,
    );
    const hinge = await moved((d) => ({ x: d.front.x + 10, y: d.frontSafe.y + 100, width: 200, height: 20 }));
    expect(hinge.problems.join('\n')).toMatch(/on the left/);
  }, 60_000);
});
