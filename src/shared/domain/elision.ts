/**
 * Elision and contraction before a name, per language, in one place (issue 31): every text built
 * from a name goes through `elide` — the stories' `{que:toy}` (src/server/stories/story.ts), the
 * translation files' `{{toy, elide(word: que)}}` (client i18n and the server's `fill`), the print
 * files. French writes "qu’Oscar veille", "d’Émile", "d’Hugo", but "de Léa", "de Hannah", "de Yanis".
 *
 * A language the shop adds brings its own rules here, keyed by its code: Italian, for one, would
 * contract "dello" + "orso" to "dell’orso" with `words: { dello: 'dell’', lo: 'l’', … }` and its own
 * `vowelSound`. A language without rules (English) never elides: the word, a space, the name.
 */

export type ElisionRules = {
  /** Each word that elides, in lower case, and its elided form (ending with the apostrophe). */
  words: Readonly<Record<string, string>>;
  /** True when `name` begins with the sound the words elide before (a vowel, a mute h). */
  vowelSound: (name: string) => boolean;
};

/** The typographic apostrophe the books and pages use. */
export const APOSTROPHE = '’';

/** Letters without their accents, in lower case; æ, œ and ø read as vowels. */
function plain(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[æœø]/g, 'e');
}

/**
 * French first names whose h is mute (one elides before them: "d’Hugo"), without accents. Any other
 * name with an h is read with an aspirated h, as French does with most foreign names ("de Hannah",
 * "de Harry"). Add names here, never a rule elsewhere.
 */
export const FRENCH_MUTE_H_NAMES: ReadonlySet<string> = new Set([
  'hadrien',
  'hector',
  'helene',
  'helie',
  'heloise',
  'henri',
  'henriette',
  'herve',
  'hermine',
  'hilaire',
  'hippolyte',
  'honore',
  'honorine',
  'horace',
  'hortense',
  'hubert',
  'hugo',
  'hugues',
  'huguette',
  'hyacinthe',
]);

const vowel = (letter: string) => letter !== '' && 'aeiou'.includes(letter);

/**
 * French: a vowel, accented or not (À, É, Î, Œ, Æ, Ø…); an h only in a mute-h name (the first part
 * of a compound name: "Henri-Paul"); y is a vowel before a consonant ("d’Yves", "d’Ylan") and a
 * consonant before a vowel ("de Yanis", "de Yasmine").
 */
function frenchVowelSound(name: string): boolean {
  const letters = plain(name.trim());
  const [first = '', second = ''] = letters;
  if (vowel(first)) return true;
  if (first === 'h') return FRENCH_MUTE_H_NAMES.has(letters.split(/[^\p{L}]/u)[0] ?? '');
  if (first === 'y') return second !== '' && /\p{L}/u.test(second) && !vowel(second);
  return false;
}

export const ELISION: Readonly<Partial<Record<string, ElisionRules>>> = {
  fr: {
    words: {
      de: `d${APOSTROPHE}`,
      que: `qu${APOSTROPHE}`,
      lorsque: `lorsqu${APOSTROPHE}`,
      puisque: `puisqu${APOSTROPHE}`,
      jusque: `jusqu${APOSTROPHE}`,
      'parce que': `parce qu${APOSTROPHE}`,
      // No le/la: French uses first names bare ("de Léa", never "de la Léa").
    },
    vowelSound: frenchVowelSound,
  },
};

/** The words of `language` that elide before a name (none for a language without rules). */
export function elidingWords(language: string): string[] {
  return Object.keys(ELISION[language]?.words ?? {});
}

/** True when `language` elides its words before `name` ("Oscar" in French). */
export function elidesBefore(language: string, name: string): boolean {
  return ELISION[language]?.vowelSound(name) ?? false;
}

/**
 * `word` before `name` in `language`: "qu’Oscar", "que Léa", "d’Hugo", "de Hannah"; a word the
 * language does not elide, or a name it does not elide before, is the word, a space and the name.
 * A capital on the word is kept ("Qu’Oscar").
 */
export function elide(language: string, word: string, name: string): string {
  const rules = ELISION[language];
  const elided = rules?.words[word.toLowerCase()];
  if (!rules || elided === undefined || !rules.vowelSound(name)) return `${word} ${name}`;
  const first = word[0] ?? '';
  const cased =
    first !== first.toLowerCase() ? `${elided[0]?.toUpperCase() ?? ''}${elided.slice(1)}` : elided;
  return `${cased}${name}`;
}
