// Issue 35 (docs/decisions/030-siblings.md): a cast's version keeps its companions' names, changed in
// the reader as the lead's is; a book of one child keeps the texts and content hash it always had.
import { describe, expect, it } from 'vitest';
import { personalisationOf } from '../../../test/personalisation-factory';
import { DEFAULT_CHILD_LOOK } from '../../shared/domain/child-look';
import type { BookVersionTexts } from '../db/schema';
import { backCoverText, coverLines } from '../stories/book-words';
import type { RenderedStory } from '../stories/story';
import { contentHash, sha256, versionTexts } from './versions';
import { bookNames } from './words';

const story = {
  title: 'The Night Guardian of Emma',
  subtitle: 'A bedtime story',
  dedication: { message: 'For Emma', signature: 'Mum' },
  pages: [{ position: 1, text: 'Emma yawns.' }],
} as unknown as RenderedStory;
const names = { childName: 'Emma', toyName: 'Teddy', dedicationMessage: '', dedicationSignature: 'Mum' };
const pictures = { 0: { key: 'cover.png', sha256: 'abc' }, 3: { key: 'page-1.png', sha256: 'def' } };

describe("a version's companions' names", () => {
  it('leaves the texts and the content hash of a book of one child exactly as before', () => {
    for (const companionNames of [undefined, []]) {
      const texts = versionTexts({ ...names, companionNames }, story);
      expect(Object.keys(texts)).not.toContain('companionNames');
      // The canonical form every version was hashed with before issue 35, written out.
      const before = JSON.stringify({
        texts: {
          childName: 'Emma',
          toyName: 'Teddy',
          dedicationMessage: '',
          dedicationSignature: 'Mum',
          title: 'The Night Guardian of Emma',
          subtitle: 'A bedtime story',
          dedication: ['For Emma', 'Mum'],
          pages: [[1, 'Emma yawns.']],
        },
        pictures: [
          [0, 'abc'],
          [3, 'def'],
        ],
      });
      expect(contentHash(texts, pictures)).toBe(sha256(Buffer.from(before, 'utf8')));
    }
  });

  it("keeps a cast's companions' names and hashes them: another name, another hash", () => {
    const texts = versionTexts({ ...names, companionNames: ['Leo', 'Zoé'] }, story);
    expect(texts.companionNames).toEqual(['Leo', 'Zoé']);
    const renamed: BookVersionTexts = { ...texts, companionNames: ['Noah', 'Zoé'] };
    expect(contentHash(renamed, pictures)).not.toBe(contentHash(texts, pictures));
  });

  it("tells the printed cover's and back cover's words with the version's companions' names", () => {
    const personalisation = personalisationOf('book', {
      childName: 'Mia',
      companions: [
        { name: 'Leo', gender: 'male', age: 4, look: DEFAULT_CHILD_LOOK },
        { name: 'Zoé', gender: 'female', age: 7, look: DEFAULT_CHILD_LOOK },
      ],
    });
    const told = bookNames(
      { childName: 'Mia', toyName: 'Pip', companionNames: ['Noah', 'Zoé'] },
      personalisation,
    );
    expect(told.cast?.map((member) => member.name)).toEqual(['Mia', 'Noah', 'Zoé']);
    const cover = coverLines('guardian-friend', 'en', 'hero', told.child, told.cast);
    expect(`${cover.title} ${cover.subtitle}`).toContain('Mia, Noah and Zoé');
    const back = backCoverText('guardian-friend', 'fr', 'storybook', told);
    expect(back).toContain('Mia, Noah et Zoé');
    expect(back).not.toContain('Leo');
    // A version made before the names were kept reads the wizard's names.
    const old = bookNames({ childName: 'Mia', toyName: 'Pip' }, personalisation);
    expect(old.cast?.map((member) => member.name)).toEqual(['Mia', 'Leo', 'Zoé']);
  });
});
