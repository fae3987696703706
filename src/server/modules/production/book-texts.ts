import type { Language } from '../../../shared/i18n';

/**
 * The few printed words that are not in the story files: the back cover. Kept per language here
 * (the story files hold only the story), with the names filled in.
 */
const BACK_COVER: Record<Language, (names: { child: string; toy: string }) => string> = {
  en: ({ child, toy }) =>
    `Every night, when the lights go out, ${toy} keeps watch over ${child}. A bedtime story made for ${child} alone.\n\nCuddle Tales`,
  fr: ({ child, toy }) =>
    `Chaque nuit, quand la lumière s’éteint, ${toy} veille sur ${child}. Une histoire du soir écrite rien que pour ${child}.\n\nContes Doudou`,
};

/** The back cover text of a book in its language. */
export function backCoverText(language: Language, names: { child: string; toy: string }): string {
  return BACK_COVER[language](names);
}
