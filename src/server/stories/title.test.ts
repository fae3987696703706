import { describe, expect, it } from 'vitest';
import { bookTitle } from './title';

const mia = { childName: 'Mia', childGender: 'female', toyName: 'Bunny' };

describe('bookTitle', () => {
  it('is the story’s title in the book’s own language, with the child’s and toy’s names', async () => {
    const source = { themeId: 'guardian-friend', bookType: 'storybook', wizardMetadata: mia };
    expect(await bookTitle({ ...source, language: 'en' }, 'My Guardian Friend')).toBe(
      'Bunny Keeps Watch Over Mia',
    );
    expect(await bookTitle({ ...source, language: 'fr' }, 'My Guardian Friend')).toBe('Bunny veille sur Mia');
    expect(
      await bookTitle(
        { ...source, bookType: 'coloring', language: 'fr', wizardMetadata: { ...mia, toyName: 'Ours' } },
        '-',
      ),
    ).toBe('Ours veille sur Mia');
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
