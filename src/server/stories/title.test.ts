import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/i18n';
import { coverLines } from './book-words';
import { bookTitle } from './title';

const mia = { childName: 'Mia', childGender: 'female', toyName: 'Bunny' };

describe('bookTitle', () => {
  it('is the words the local illustrator paints on the approved cover: one title everywhere', async () => {
    for (const themeId of ['guardian-friend', 'birthday-adventure']) {
      for (const bookType of ['storybook', 'coloring']) {
        for (const { code: language } of LANGUAGES) {
          const painted = coverLines(themeId, language, 'hero', 'Mia');
          expect(await bookTitle({ themeId, bookType, language, wizardMetadata: mia }, '-')).toBe(
            `${painted.title} ${painted.subtitle}`,
          );
        }
      }
    }
  });

  it('is the story’s title in the book’s own language, with the child’s name', async () => {
    const source = { themeId: 'guardian-friend', bookType: 'storybook', wizardMetadata: mia };
    expect(await bookTitle({ ...source, language: 'en' }, 'My Guardian Friend')).toBe(
      'Mia and the Night Guardian',
    );
    expect(await bookTitle({ ...source, language: 'fr' }, 'My Guardian Friend')).toBe(
      'Mia et le Gardien de la nuit',
    );
    expect(
      await bookTitle(
        { ...source, bookType: 'coloring', language: 'fr', wizardMetadata: { ...mia, toyName: 'Ours' } },
        '-',
      ),
    ).toBe('Mia et le Gardien de la nuit');
  });

  it('falls back to the catalogue title when the book cannot make its own', async () => {
    const base = { themeId: 'guardian-friend', bookType: 'storybook', language: 'en' };
    expect(await bookTitle({ ...base, wizardMetadata: { childName: 'Mia' } }, 'My Guardian Friend')).toBe(
      'My Guardian Friend',
    );
    expect(await bookTitle({ ...base, wizardMetadata: null }, 'My Guardian Friend')).toBe(
      'My Guardian Friend',
    );
    expect(await bookTitle({ ...base, themeId: 'no-such-theme', wizardMetadata: mia }, 'Fallback')).toBe(
      'Fallback',
    );
    expect(await bookTitle({ ...base, bookType: 'poster', wizardMetadata: mia }, 'Fallback')).toBe(
      'Fallback',
    );
  });
});
