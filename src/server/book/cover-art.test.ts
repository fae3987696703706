import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHILD_LOOK } from '../../shared/domain/child-look';
import { LANGUAGES } from '../../shared/i18n';
import { drawChild } from '../adapters/illustrator/characters';
import { COVER_IMPRINT, renderCoverParts, seedFrom } from '../adapters/illustrator/cover-art';
import { coverLines } from '../stories/book-words';
import { coverSceneOf } from '../stories/catalogue';
import { titlePageArt } from './cover-art';

// Issue 31: the title page shows the approved cover's art without its words. Cut from the approved
// cover (the words painted on it), the square once took in the tips of the ribbon's tails at its
// top corners; it must be the same picture as the art drawn without any word.

/** Changed by more than this (of 255, summed over RGB): a pixel of the words. */
const CHANGED = 24;

async function wordPixels(withWords: Buffer, withoutWords: Buffer): Promise<number> {
  const raw = async (cover: Buffer) =>
    sharp(await titlePageArt(cover))
      .removeAlpha()
      .raw()
      .toBuffer();
  const [a, b] = await Promise.all([raw(withWords), raw(withoutWords)]);
  let count = 0;
  for (let i = 0; i < a.length; i += 3) {
    if (
      Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!) >
      CHANGED
    ) {
      count++;
    }
  }
  return count;
}

describe('the title page’s picture', () => {
  const figure = drawChild({
    look: DEFAULT_CHILD_LOOK,
    style: 'color',
    outfit: 'day',
    pose: 'waving',
    expression: 'happy',
  });
  // The ribbon's width follows its line: the stories' lines in every language, short and long.
  const covers = ['guardian-friend', 'birthday-adventure'].flatMap((themeId) =>
    LANGUAGES.map(({ code }) => ({ themeId, language: code })),
  );

  it.each(covers)(
    'shows no word and no tip of the ribbon ($themeId, $language)',
    async ({ themeId, language }) => {
      const lines = coverLines(themeId, language, 'hero', 'Mia');
      const { image, art } = await renderCoverParts(
        {
          theme: 'hero',
          title: lines.title,
          subtitle: lines.subtitle,
          imprint: COVER_IMPRINT[language],
          figure,
          seed: seedFrom('hero_generation:Mia'),
          scene: coverSceneOf(themeId),
          size: 512,
        },
        { art: true },
      );
      expect(await wordPixels(image, art!)).toBe(0);
    },
  );
});
