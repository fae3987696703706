import { describe, expect, it } from 'vitest';
import {
  characterCount,
  containsEmoji,
  dedicationProblems,
  normaliseSignature,
  signatureProblems,
} from './dedication';

describe('dedication message', () => {
  it('accepts up to 300 characters, counting accented letters once', () => {
    expect(dedicationProblems('é'.repeat(300))).toEqual([]);
    expect(dedicationProblems('a'.repeat(301))).toEqual(['too_long']);
    expect(characterCount('Léa 👋')).toBe(5);
  });

  it('refuses emoji and emoji-range symbols but not accents, quotes or hearts typed as text', () => {
    expect(dedicationProblems('Pour toi, Léa ❤️')).toEqual(['emoji']);
    expect(dedicationProblems('Sweet dreams 🌙')).toEqual(['emoji']);
    expect(dedicationProblems('Dors bien, mon trésor « petit loup » <3')).toEqual([]);
    expect(containsEmoji('🇨🇭')).toBe(true);
  });

  it('says when it is empty', () => {
    expect(dedicationProblems('   ')).toEqual(['empty']);
  });
});

describe('signature', () => {
  it('keeps one line', () => {
    expect(normaliseSignature('Mum\nand Dad')).toBe('Mum and Dad');
    expect(signatureProblems('Grandma\r\nJo')).toEqual([]);
  });

  it('accepts 60 characters, refuses more, emoji and an empty one', () => {
    expect(signatureProblems('x'.repeat(60))).toEqual([]);
    expect(signatureProblems('x'.repeat(61))).toEqual(['too_long']);
    expect(signatureProblems('Love, Dad 😘')).toEqual(['emoji']);
    expect(signatureProblems('')).toEqual(['empty']);
  });
});
