import { describe, expect, it } from 'vitest';
import { BookPersonalisationSchema, readPersonalisation } from './book-personalisation';
import { castGender, castOf, extraChildCount, joinNames } from './cast';
import { DEFAULT_CHILD_LOOK } from './child-look';
import { DEFAULT_TOY_LOOK } from './toy-look';

const look = DEFAULT_CHILD_LOOK;

describe('a book’s cast', () => {
  it('is the lead alone for a book of one child, as every book before siblings', () => {
    const cast = castOf({ childName: 'Mia', childGender: 'female', childAge: 5, toyName: 'Bun' });
    expect(cast).toEqual([
      {
        name: 'Mia',
        gender: 'female',
        age: 5,
        look: undefined,
        toy: { name: 'Bun', look: undefined },
        lead: true,
      },
    ]);
    expect(extraChildCount({})).toBe(0);
  });

  it('puts the lead first, then the companions with their own toys', () => {
    const cast = castOf({
      childName: 'Mia',
      childGender: 'female',
      toyName: 'Bun',
      companions: [
        { name: 'Leo', gender: 'male', age: 3, look },
        { name: 'Zoé', gender: 'female', age: 7, look, toy: { name: 'Pip', look: DEFAULT_TOY_LOOK } },
      ],
    });
    expect(cast.map((member) => [member.name, member.lead, member.toy?.name])).toEqual([
      ['Mia', true, 'Bun'],
      ['Leo', false, undefined],
      ['Zoé', false, 'Pip'],
    ]);
    expect(extraChildCount({ companions: [1, 2] })).toBe(2);
  });

  it('agrees a group in the feminine only when every child is a girl', () => {
    expect(castGender([{ gender: 'female' }, { gender: 'female' }])).toBe('female');
    expect(castGender([{ gender: 'female' }, { gender: 'male' }])).toBe('male');
    expect(castGender([{ gender: 'male' }])).toBe('male');
  });

  it('keeps at most two companions in a saved personalisation and reads an odd list as none', () => {
    const companion = { name: 'Leo', gender: 'male', age: 3, look };
    const base = {
      childName: 'Mia',
      childGender: 'female',
      childAge: 5,
      toyName: 'Bun',
      permanentPaths: { childPhoto: 'a', toyPhoto: 'b', generatedHero: 'c', generatedToy: 'd' },
    };
    expect(BookPersonalisationSchema.safeParse({ ...base, companions: [companion, companion] }).success).toBe(
      true,
    );
    expect(
      BookPersonalisationSchema.safeParse({ ...base, companions: [companion, companion, companion] }).success,
    ).toBe(false);
    expect(readPersonalisation({ ...base, companions: [{ name: '' }] }).companions).toBeUndefined();
    expect(readPersonalisation({ ...base, companions: [companion] }).companions).toEqual([companion]);
  });
});

describe('joinNames', () => {
  it('lists two and three names as each language does', () => {
    expect(joinNames(['Mia', 'Leo'], 'en')).toBe('Mia and Leo');
    expect(joinNames(['Mia', 'Leo', 'Zoé'], 'en')).toBe('Mia, Leo and Zoé');
    expect(joinNames(['Mia', 'Leo', 'Zoé'], 'fr')).toBe('Mia, Leo et Zoé');
    expect(joinNames(['Mia', 'Leo', 'Zoé'], 'de')).toBe('Mia, Leo und Zoé');
    expect(joinNames(['Mia', 'Leo', 'Zoé'], 'it')).toBe('Mia, Leo e Zoé');
    expect(joinNames(['Mia'], 'fr')).toBe('Mia');
  });
});
