import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { elidesBefore } from '../../shared/domain/elision';
import { BOOK_TYPES, type BookType } from '../../shared/domain/statuses';
import { LANGUAGES, type Language } from '../../shared/i18n';
import { AppError } from '../errors';
import { backCoverText, catalogueTexts, coverLines, drawYourOwnLines } from './book-words';
import { listStories } from './catalogue';
import type { Scene } from './scene';
import {
  type Gender,
  loadStory,
  PAGES_BY_BOOK_TYPE,
  parseTemplate,
  renderStory,
  type Story,
  type StoryFile,
  type StoryInputs,
  tellsCast,
} from './story';

const THEME = 'guardian-friend';
const ANY_SCENE: Scene = {
  setting: 'bathroom',
  time: 'evening',
  view: 'wide',
  side: 'left',
  props: [],
  prompt: 'p',
};
/** Every language of the list must have the stories. */
const LANGUAGE_CODES = LANGUAGES.map((language) => language.code);
const GENDERS: Gender[] = ['male', 'female'];

function makeInputs(overrides: Partial<StoryInputs> & { childName?: string; gender?: Gender } = {}) {
  const { childName = 'Emma', gender = 'female', ...rest } = overrides;
  return {
    child: { name: childName, gender, age: 4 },
    toy: { name: 'Teddy' },
    dedication: { message: '', signature: '' },
    language: 'en' as Language,
    ...rest,
  } satisfies StoryInputs;
}

/** Every story folder next to this test: each must be complete in every language and book type. */
const THEMES = fs
  .readdirSync(import.meta.dirname, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const stories = new Map<string, Story>();
for (const theme of THEMES) {
  for (const bookType of BOOK_TYPES) {
    for (const language of LANGUAGE_CODES) {
      stories.set(`${theme}/${bookType}.${language}`, await loadStory(theme, bookType, language));
    }
  }
}
/** The first story's files (the marked pages below quote it). */
const story = (bookType: BookType, language: Language, theme = THEME) =>
  stories.get(`${theme}/${bookType}.${language}`)!;
const storyCases = [...stories.values()].map(
  (entry) => [`${entry.themeId}/${entry.bookType}.${entry.language}`, entry] as const,
);
const themeBookTypes = THEMES.flatMap((theme) => BOOK_TYPES.map((bookType) => [theme, bookType] as const));

/** The template text outside placeholders: what is printed whatever the child. */
const literalText = (template: string) =>
  parseTemplate(template)
    .map((token) => (token.kind === 'text' ? token.text : ' '))
    .join('');

/** Whole words, with accented letters as letters (\b would see "il" in "clin d’œil"). */
const words = (alternatives: string) => new RegExp(`(?<!\\p{L})(?:${alternatives})(?!\\p{L})`, 'iu');

const allTemplates = (entry: StoryFile) => [
  entry.title,
  entry.subtitle,
  entry.dedicationDefault,
  ...entry.pages.map((page) => page.text),
];

function renderedTexts(entry: Story, inputs: StoryInputs) {
  const rendered = renderStory(entry, inputs);
  return [
    rendered.title,
    rendered.subtitle,
    rendered.dedication.message,
    ...rendered.pages.map((p) => p.text),
  ];
}

describe('every story folder', () => {
  it('holds the two stories, each a storybook and a coloring book in every language', () => {
    expect(THEMES).toEqual(['birthday-adventure', 'guardian-friend']);
    for (const theme of THEMES) {
      const files = fs.readdirSync(path.join(import.meta.dirname, theme)).sort();
      for (const bookType of BOOK_TYPES) {
        expect(files).toContain(`scenes.${bookType}.json`);
        for (const language of LANGUAGE_CODES) expect(files).toContain(`${bookType}.${language}.json`);
      }
      for (const language of LANGUAGE_CODES) expect(files).toContain(`book.${language}.json`);
    }
  });

  it.each(THEMES.flatMap((theme) => LANGUAGE_CODES.map((language) => [theme, language] as const)))(
    '%s %s: the cover, the back cover and the last pages have their words, with the names',
    (theme, language) => {
      const names = { child: 'Emma', toy: 'Teddy' };
      const hero = coverLines(theme, language, 'hero', 'Emma');
      // The cover says what the title page says: one title everywhere.
      const title = renderStory(story('storybook', language, theme), makeInputs({ language })).title;
      expect(`${hero.title} ${hero.subtitle}`).toBe(title);
      expect(coverLines(theme, language, 'toy', 'Teddy').title).toContain('Teddy');
      for (const bookType of BOOK_TYPES) {
        const back = backCoverText(theme, language, bookType, names);
        expect(back).toContain('Emma');
        expect(back).not.toMatch(/[{}]/);
      }
      const lines = drawYourOwnLines(theme, language, names);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join(' ')).toContain('Emma');
    },
  );

  it.each(THEMES)('%s: its catalogue texts in every language, one alt text per gallery picture', (theme) => {
    const texts = catalogueTexts(theme);
    expect(Object.keys(texts).sort()).toEqual([...LANGUAGE_CODES].sort());
    const pictures = listStories().find((entry) => entry.id === theme)!.images.length;
    const titles = new Set<string>();
    for (const language of LANGUAGE_CODES) {
      const entry = texts[language]!;
      expect(entry.gallery, language).toHaveLength(pictures);
      expect(entry.tags.length, language).toBeGreaterThan(0);
      expect(entry.description.length, language).toBeGreaterThan(entry.tagline.length);
      titles.add(entry.title);
    }
    // Each language has its own title (not the English one copied over).
    expect(titles.size).toBe(LANGUAGE_CODES.length);
    expect(catalogueTexts('no-such-story')).toEqual({});
  });

  it('each story folder has its catalogue entry and its own hosted prompts', () => {
    expect(listStories().map((entry) => entry.id)).toEqual(['guardian-friend', 'birthday-adventure']);
    const [first, second] = listStories();
    expect(second!.hosted.cover).toMatch(/birthday/);
    expect(second!.hosted.page).not.toBe(first!.hosted.page);
    for (const entry of listStories()) {
      expect(entry.bookTypes).toEqual([...BOOK_TYPES]);
      for (const image of entry.images)
        expect(image.src).toMatch(new RegExp(`^/catalog/themes/${entry.id}/`));
      for (const page of entry.gallery ?? []) expect(page).toBeLessThanOrEqual(PAGES_BY_BOOK_TYPE.storybook);
    }
  });

  it('each story has its own back cover and cover line', () => {
    const [first, second] = THEMES.map((theme) => ({
      back: backCoverText(theme, 'de', 'storybook', { child: 'Emma', toy: 'Teddy' }),
      cover: coverLines(theme, 'de', 'hero', 'Emma').subtitle,
    }));
    expect(first!.back).not.toBe(second!.back);
    expect(first!.cover).not.toBe(second!.cover);
  });

  it.each(storyCases)('%s parses with the promised number of pages', (_, entry) => {
    expect(entry.pages).toHaveLength(PAGES_BY_BOOK_TYPE[entry.bookType]);
    expect(PAGES_BY_BOOK_TYPE).toEqual({ storybook: 30, coloring: 20 });
  });

  it.each(themeBookTypes)(
    '%s %s has the same scenes, keys and prompts, page by page in every language',
    (theme, bookType) => {
      const scenes = (language: Language) => story(bookType, language, theme).pages.map((page) => page.scene);
      for (const language of LANGUAGE_CODES) expect(scenes(language)).toEqual(scenes('en'));
    },
  );

  it('each story has its own title and its own pictures', () => {
    const [first, second] = THEMES.map((theme) => story('storybook', 'en', theme));
    expect(first!.title).not.toBe(second!.title);
    const settings = (entry: Story) => new Set(entry.pages.map((page) => page.scene.setting));
    expect([...settings(story('storybook', 'en', 'birthday-adventure'))]).toContain('party-room');
    expect([...settings(story('storybook', 'en', THEME))]).not.toContain('party-room');
  });

  it.each(themeBookTypes)(
    '%s %s: facing pages show different scenes (setting, view or side)',
    (theme, bookType) => {
      const pages = story(bookType, 'en', theme).pages;
      const look = (index: number) => {
        const scene = pages[index]!.scene;
        return `${scene.setting}/${scene.view}/${scene.side}`;
      };
      // Page 1 faces the dedication; then 2-3, 4-5, … face each other.
      for (let left = 1; left + 1 < pages.length; left += 2) expect(look(left)).not.toBe(look(left + 1));
    },
  );

  it.each(THEMES)('%s: storybook scenes follow what the English text says', (theme) => {
    const pages = story('storybook', 'en', theme).pages;
    for (const [index, { text, scene }] of pages.entries()) {
      const page = `page ${index + 1}`;
      if (/golden/.test(text)) expect(scene.time, page).toBe('sunset');
      if (/good morning|sun is shining/i.test(text)) expect(scene.time, page).toBe('morning');
      if (/falls asleep/.test(text)) expect(scene.child?.expression, page).toBe('asleep');
      if (/eyes grow heavy|yawns/.test(text)) expect(scene.child?.expression, page).toBe('sleepy');
      if (/leaf boat|boat made from/.test(text)) expect(scene.props, page).toContain('leaf-boat');
      if (/blanket|covers/.test(text)) expect(scene.props, page).toContain('blanket');
      if (/by the hand/.test(text)) expect(scene.child?.pose, page).toBe('holding-hand');
      if (/\bstar\b/.test(text)) expect(scene.props, page).toContain('star');
      if (/moon/.test(text))
        expect(
          scene.props.some((prop) => prop.startsWith('moon')),
          page,
        ).toBe(true);
      if (/fireflies/.test(text)) expect(scene.props, page).toContain('fireflies');
      if (/paper lanterns|a lantern/.test(text)) expect(scene.props, page).toContain('lanterns');
      if (/dressing gown/.test(text)) expect(scene.props, page).toContain('dressing-gown');
      if (/owl/.test(text)) expect(scene.props, page).toContain('owl');
      if (/mushrooms/.test(text)) expect(scene.props, page).toContain('glowing-mushrooms');
      if (/night|dark/.test(text)) expect(scene.time, page).toBe('night');
      if (/hedgehog/.test(text) && !/have come/.test(text)) expect(scene.props, page).toContain('hedgehog');
      if (/balloon/.test(text))
        expect(
          scene.props.some((prop) => prop === 'balloons' || prop === 'loose-balloon'),
          page,
        ).toBe(true);
      if (/\bcake|candle/.test(text)) expect(scene.props, page).toContain('cake');
      if (/candles all aglow|make a wish/i.test(text)) expect(scene.props, page).toContain('candles');
      if (/blows out/.test(text)) expect(scene.props, page).not.toContain('candles');
      if (/presents|garlands/.test(text))
        expect(
          scene.props.some((prop) => prop === 'presents' || prop === 'bunting'),
          page,
        ).toBe(true);
    }
  });

  it.each(storyCases)('%s: prompts speak of the child and the plush toy, never of a name', (_, entry) => {
    for (const { scene } of entry.pages) {
      expect(scene.prompt).toMatch(/the child|the plush toy/);
      expect(scene.prompt).not.toMatch(/[{}]|Emma|Teddy/);
    }
  });

  it.each(storyCases)('%s: texts use the typographic apostrophe and stay short', (_, entry) => {
    for (const template of [...allTemplates(entry), ...castTemplates(entry)])
      expect(template).not.toContain("'");
    for (const page of entry.pages) {
      for (const text of [page.text, page.castText ?? ''].map(longestReading)) {
        if (entry.bookType === 'coloring') expect(text.length).toBeLessThanOrEqual(60);
        else expect(text.length).toBeLessThanOrEqual(170);
        expect(text).not.toContain('\n');
      }
    }
  });
});

/**
 * A template as long as it can print, for the length limit: a pair ({his|her}, {toys:is|are}) counts
 * as its longer alternative (only one of the two is printed), the names as written.
 */
const longestReading = (template: string) =>
  template.replace(/\{(?:toys:)?([^{}|]*)\|([^{}|]*)\}/g, (_, one: string, other: string) =>
    one.length >= other.length ? one : other,
  );

/**
 * Every story file tells a cast of two or three children (issue 35, docs/decisions/030-siblings.md):
 * a cast text on every page and heading, in every language (loadStory refuses a file with some only).
 */
const castTemplates = (entry: StoryFile) =>
  [
    entry.castTitle,
    entry.castSubtitle,
    entry.castDedicationDefault,
    ...entry.pages.map((page) => page.castText),
  ].filter((template): template is string => template !== undefined);

describe('the words for a cast', () => {
  const ready = storyCases;

  it.each(ready)('%s has a cast text on every page and heading', (_, entry) => {
    expect(tellsCast(entry)).toBe(true);
    expect(castTemplates(entry)).toHaveLength(entry.pages.length + 3);
  });

  it.each(ready)('%s: the cast texts name the children together', (_, entry) => {
    const cast = castTemplates(entry);
    expect(cast.filter((template) => template.includes('children}')).length).toBeGreaterThanOrEqual(
      entry.pages.length / 3,
    );
    // Where a single text has the child act, the cast text names the children (or keeps the lead).
    for (const page of entry.pages) {
      if (page.text.includes('{child}')) expect(page.castText).toMatch(/\{(?:\w+:)?child(?:ren)?\}/);
    }
  });
});

describe('every page renders for every child', () => {
  const names = [
    ['Emma', 'Teddy'],
    ['Anne-Sophie', "Mr. O'Bear"],
    ["D'Arcy", 'Lapin-Câlin'],
  ] as const;

  for (const [key, entry] of storyCases) {
    for (const gender of GENDERS) {
      for (const [childName, toyName] of names) {
        it(`${key}, ${gender}, ${childName}: no brace or bar left, names kept as typed`, () => {
          const inputs = makeInputs({ childName, gender, language: entry.language, toy: { name: toyName } });
          const texts = renderedTexts(entry, inputs);
          for (const text of texts) expect(text).not.toMatch(/[{}|]/);
          const joined = texts.join('\n');
          expect(joined).toContain(childName);
          expect(joined).toContain(toyName);
        });
      }
    }
  }

  it.each(storyCases)('%s: the child and the toy are named all through the book', (_, entry) => {
    const pages = renderStory(entry, makeInputs({ language: entry.language })).pages;
    expect(pages.map((page) => page.position)).toEqual(pages.map((_, index) => index + 1));
    const withChild = pages.filter((page) => page.text.includes('Emma')).length;
    const withToy = pages.filter((page) => page.text.includes('Teddy')).length;
    expect(withChild).toBeGreaterThanOrEqual(pages.length / 3);
    expect(withToy).toBeGreaterThanOrEqual(pages.length / 4);
  });
});

describe('the child is never given the other gender', () => {
  // No pronoun of the child is written out in the English texts: every one goes through {he|she}.
  it.each(themeBookTypes)('English %s %s: no literal he/she/his/her', (theme, bookType) => {
    for (const template of allTemplates(story(bookType, 'en', theme))) {
      expect(literalText(template)).not.toMatch(words('he|she|him|his|her|hers|himself|herself'));
    }
  });

  // French writes "il" on its own only in impersonal phrases ("il se passe", "il est temps"), and
  // never "elle": the subject pronoun of the child always goes through {il|elle}.
  const IMPERSONAL_IL = /(?<!\p{L})il (?=se passe|fait|est temps|y a|faut)/giu;
  it.each(themeBookTypes)('French %s %s: no literal il/elle for a person', (theme, bookType) => {
    for (const template of allTemplates(story(bookType, 'fr', theme))) {
      const text = literalText(template).replace(IMPERSONAL_IL, '');
      expect(text).not.toMatch(words('il|elle'));
    }
  });

  it.each(themeBookTypes)('%s %s for a girl and a boy, every page', (theme, bookType) => {
    for (const gender of GENDERS) {
      const en = renderedTexts(story(bookType, 'en', theme), makeInputs({ gender })).join('\n');
      const fr = renderedTexts(story(bookType, 'fr', theme), makeInputs({ gender, language: 'fr' }))
        .join('\n')
        .replace(IMPERSONAL_IL, '');
      if (gender === 'female') {
        expect(en).not.toMatch(words('he|him|his|himself'));
        expect(fr).not.toMatch(words('il'));
      } else {
        expect(en).not.toMatch(words('she|her|hers|herself'));
        expect(fr).not.toMatch(words('elle'));
      }
    }
  });

  const page = (language: Language, gender: Gender, position: number) =>
    renderStory(story('storybook', language), makeInputs({ gender, language })).pages[position - 1]!.text;

  it('marked storybook pages agree with a girl', () => {
    expect(page('en', 'female', 4)).toContain('Teddy, her very best friend');
    expect(page('en', 'female', 10)).toContain('Emma listens, and she smiles.');
    expect(page('fr', 'female', 3)).toContain('Emma est prête pour la nuit.');
    expect(page('fr', 'female', 10)).toContain('Emma écoute, et elle sourit.');
    expect(page('fr', 'female', 11)).toContain('se sent toute rassurée');
    expect(page('fr', 'female', 16)).toContain('tout contre elle, et son doudou la serre');
    expect(page('fr', 'female', 29)).toContain('Emma s’endort, les yeux bien fermés, blottie');
  });

  it('marked storybook pages agree with a boy', () => {
    expect(page('en', 'male', 4)).toContain('Teddy, his very best friend');
    expect(page('en', 'male', 10)).toContain('Emma listens, and he smiles.');
    expect(page('fr', 'male', 3)).toContain('Emma est prêt pour la nuit.');
    expect(page('fr', 'male', 3)).not.toContain('prête');
    expect(page('fr', 'male', 10)).toContain('et il sourit.');
    expect(page('fr', 'male', 11)).toContain('se sent tout rassuré,');
    expect(page('fr', 'male', 16)).toContain('tout contre lui, et son doudou le serre');
    expect(page('fr', 'male', 29)).not.toContain('blottie');
  });
});

describe('French elision before a name', () => {
  it.each([
    ['Emma', true],
    ['Léo', false],
    ['Hugo', true],
    ['Hélène', true],
    ['Hannah', false],
    ['Harry', false],
    ['Henri-Paul', true],
    ['Inès', true],
    ['Élodie', true],
    ['Œnone', true],
    ['Anne-Sophie', true],
    ['Yanis', false],
    ['Yasmine', false],
    ['Yves', true],
    ['Ylan', true],
    ["D'Arcy", false],
    ['Zoé', false],
    ['  ugo', true],
  ] as const)('%s elides: %s', (name, expected) => {
    expect(elidesBefore('fr', name.trim())).toBe(expected);
  });

  const fifthPage = (childName: string) =>
    renderStory(story('storybook', 'fr'), makeInputs({ childName, language: 'fr' })).pages[4]!.text;

  it.each([
    ['Emma', 'les yeux d’Emma'],
    ['Léo', 'les yeux de Léo'],
    ['Hugo', 'les yeux d’Hugo'],
    ['Inès', 'les yeux d’Inès'],
    ['Yanis', 'les yeux de Yanis'],
    ['Anne-Sophie', 'les yeux d’Anne-Sophie'],
    ["D'Arcy", "les yeux de D'Arcy"],
  ])('page 5 for %s says "%s"', (childName, expected) => {
    expect(fifthPage(childName)).toContain(expected);
  });

  it('elides "que" before the toy in the default dedication', () => {
    const dedication = (toyName: string) =>
      renderStory(story('storybook', 'fr'), makeInputs({ language: 'fr', toy: { name: toyName } })).dedication
        .message;
    expect(dedication('Oscar')).toBe('Pour Emma\u00a0: qu’Oscar veille sur toi, toutes les nuits.');
    expect(dedication('Nounours')).toBe('Pour Emma\u00a0: que Nounours veille sur toi, toutes les nuits.');
  });
});

describe('headings and dedication', () => {
  it('renders the title and subtitle with the names', () => {
    const en = renderStory(story('storybook', 'en'), makeInputs());
    expect(en.title).toBe('Emma and the Night Guardian');
    expect(en.subtitle).toBe('A bedtime story with Teddy');
    const fr = renderStory(story('coloring', 'fr'), makeInputs({ childName: 'Léo', language: 'fr' }));
    expect(fr.title).toBe('Léo et le Gardien de la nuit');
    expect(fr.subtitle).toBe('Un album à colorier avec Teddy');
  });

  it('uses the default dedication with both names when the message is empty', () => {
    const rendered = renderStory(story('storybook', 'en'), makeInputs());
    expect(rendered.dedication).toEqual({
      message: 'For Emma, may Teddy keep you safe every night.',
      signature: '',
    });
    const blank = makeInputs({ dedication: { message: '  \n ', signature: '   ' } });
    expect(renderStory(story('storybook', 'en'), blank).dedication).toEqual(rendered.dedication);
  });

  it('prints the parent’s own message and signature as written, on one signature line', () => {
    const inputs = makeInputs({
      dedication: { message: ' Sleep tight, {little one}! ', signature: 'Mum\nand Dad' },
    });
    expect(renderStory(story('storybook', 'en'), inputs).dedication).toEqual({
      message: 'Sleep tight, {little one}!',
      signature: 'Mum and Dad',
    });
  });

  it('sets French punctuation with a no-break space the book fonts have', () => {
    const rendered = renderStory(story('storybook', 'fr'), makeInputs({ language: 'fr' }));
    expect(rendered.pages[29]!.text).toMatch(/^Bonjour, Emma\u00a0! /);
    for (const text of [rendered.dedication.message, ...rendered.pages.map((p) => p.text)]) {
      expect(text).not.toMatch(/ [?!;:»]|« |\u202f/);
    }
  });
});

describe('the placeholder syntax', () => {
  const render = (text: string, overrides: Parameters<typeof makeInputs>[0] = {}) =>
    renderStory(
      {
        title: 'T',
        subtitle: 'S',
        dedicationDefault: 'D',
        pages: [{ text, scene: ANY_SCENE }],
      },
      makeInputs(overrides),
    ).pages[0]!.text;

  it('takes the first alternative for a boy and the second for a girl, either may be empty', () => {
    expect(render('{child} est {petit|petite} et endormi{|e}.', { gender: 'female' })).toBe(
      'Emma est petite et endormie.',
    );
    expect(render('{child} est {petit|petite} et endormi{|e}.', { gender: 'male', childName: 'Léo' })).toBe(
      'Léo est petit et endormi.',
    );
  });

  it('capitalises a value that starts a sentence, and only then', () => {
    expect(render('{he|she} sleeps. “{he|she} sleeps,” {he|she} says!', { gender: 'female' })).toBe(
      'She sleeps. “She sleeps,” she says!',
    );
    expect(render('{de:child} rêve. Voici le rêve {de:child}…', { language: 'fr' })).toBe(
      'D’Emma rêve. Voici le rêve d’Emma…',
    );
    expect(render('{toy} et {child} ? {child} !', { language: 'fr', childName: 'emma' })).toBe(
      'Teddy et emma\u00a0? Emma\u00a0!',
    );
  });

  it('keeps names as typed, drops braces from them and never reads a name as a template', () => {
    expect(render('{child} & {toy}', { childName: ' {toy}  Lou ' })).toBe('Toy Lou & Teddy');
    expect(() => render('{child}', { childName: '  ' })).toThrow(/name is empty/);
  });

  it.each([
    ['{name}', /Unknown placeholder/],
    ['{Child}', /Unknown placeholder/],
    ['{la:child}', /Unknown elision/],
    ['{a|b|c}', /Unknown placeholder/],
    ['{|}', /Empty gender pair/],
    ['{child', /Stray/],
    ['child}', /Stray/],
    ['a | b', /Stray/],
  ])('throws on %s', (text, error) => {
    expect(() => render(text)).toThrow(error);
  });

  it('refuses to render a story in another language than asked', () => {
    expect(() => renderStory(story('storybook', 'fr'), makeInputs())).toThrow(
      /in "fr" but was asked for in "en"/,
    );
  });
});

describe('loadStory', () => {
  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };

  it('says clearly when the theme, the book type or the language is unknown', async () => {
    const theme = await failure(loadStory('space-pirates', 'storybook', 'en'));
    expect(theme.code).toBe('NOT_FOUND');
    expect(theme.message).toBe('Unknown story theme "space-pirates"');

    const outside = await failure(loadStory('../guardian-friend', 'storybook', 'en'));
    expect(outside.code).toBe('NOT_FOUND');

    const type = await failure(loadStory(THEME, 'poster' as BookType, 'en'));
    expect(type.code).toBe('VALIDATION_INVALID_PARAM');
    expect(type.message).toMatch(/Unknown book type "poster"/);

    const language = await failure(loadStory(THEME, 'storybook', 'nl' as Language));
    expect(language.code).toBe('VALIDATION_INVALID_PARAM');
    expect(language.message).toMatch(/Unknown story language "nl"/);
  });
});
