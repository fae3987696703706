import { describe, expect, it } from 'vitest';
import { BookPersonalisationSchema, readPersonalisation, secondLanguageOf } from './book-personalisation';

const pictures = {
  childPhoto: 'b/input/child_photo.jpg',
  toyPhoto: 'b/input/toy_photo.jpg',
  generatedHero: 'b/intermediate/hero_cover.png',
  generatedToy: 'b/intermediate/plush_cover.png',
};
const complete = {
  childName: 'Mia',
  childGender: 'female',
  childAge: 5,
  consent: true,
  toyName: 'Bunny',
  dedicationMessage: 'For Mia',
  dedicationSignature: 'Grandma',
  permanentPaths: pictures,
};

describe('the book personalisation', () => {
  it('accepts what the wizard writes, with the SPEC defaults for consent and dedication', () => {
    expect(BookPersonalisationSchema.parse(complete)).toEqual(complete);
    const { consent: _c, dedicationMessage: _m, dedicationSignature: _n, ...bare } = complete;
    expect(BookPersonalisationSchema.parse(bare)).toMatchObject({
      consent: false,
      dedicationMessage: '',
      dedicationSignature: '',
    });
  });

  it('keeps the child’s look when there is one and refuses a look it cannot draw', () => {
    const look = { skin: 'tan', hairColor: 'red', hairStyle: 'braids', eyeColor: 'green', glasses: true };
    expect(BookPersonalisationSchema.parse({ ...complete, childLook: look }).childLook).toEqual(look);
    expect(
      BookPersonalisationSchema.safeParse({ ...complete, childLook: { ...look, skin: 'blue' } }).success,
    ).toBe(false);
  });

  it('refuses, for production, a book missing a name or a cover', () => {
    expect(BookPersonalisationSchema.safeParse({ ...complete, childName: '  ' }).success).toBe(false);
    const { generatedToy: _t, ...threePictures } = pictures;
    expect(BookPersonalisationSchema.safeParse({ ...complete, permanentPaths: threePictures }).success).toBe(
      false,
    );
  });

  it('reads leniently: the valid fields of an odd or partial row, never a throw', () => {
    expect(readPersonalisation(null)).toEqual({});
    expect(readPersonalisation('nonsense')).toEqual({});
    expect(
      readPersonalisation({
        childName: 'Mia',
        childAge: 'five',
        childGender: 'robot',
        permanentPaths: { toyPhoto: 'k' },
      }),
    ).toEqual({ childName: 'Mia', permanentPaths: { toyPhoto: 'k' } });
    expect(readPersonalisation(complete)).toEqual(complete);
  });

  it('keeps a bilingual edition’s second language, reads a book without one unchanged, refuses an unknown one', () => {
    expect(BookPersonalisationSchema.parse(complete)).not.toHaveProperty('secondLanguage');
    expect(BookPersonalisationSchema.parse({ ...complete, secondLanguage: 'de' }).secondLanguage).toBe('de');
    expect(BookPersonalisationSchema.safeParse({ ...complete, secondLanguage: 'es' }).success).toBe(false);
    expect(readPersonalisation({ ...complete, secondLanguage: 'xx' })).not.toHaveProperty('secondLanguage');
  });

  it('never takes the book’s own language for its second one', () => {
    expect(secondLanguageOf('fr', { secondLanguage: 'de' })).toBe('de');
    expect(secondLanguageOf('fr', { secondLanguage: 'fr' })).toBeUndefined();
    expect(secondLanguageOf('fr', {})).toBeUndefined();
    expect(secondLanguageOf('fr', null)).toBeUndefined();
  });
});
