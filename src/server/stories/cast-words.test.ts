import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type BookPersonalisation,
  BookPersonalisationSchema,
} from '../../shared/domain/book-personalisation';
import { castOf } from '../../shared/domain/cast';
import { DEFAULT_CHILD_LOOK } from '../../shared/domain/child-look';
import { BOOK_TYPES } from '../../shared/domain/statuses';
import { LANGUAGES, type Language } from '../../shared/i18n';
import { planBook } from '../book/plan';
import { backCoverText, coverLines, drawYourOwnLines } from './book-words';
import type { Scene } from './scene';
import {
  type CastCompanion,
  checkTemplates,
  type Gender,
  loadStory,
  parseTemplate,
  renderStory,
  type StoryFile,
  type StoryInputs,
  tellsCast,
} from './story';
import { bookTitle } from './title';

const THEMES = ['guardian-friend', 'birthday-adventure'] as const;
const LANGUAGE_CODES = LANGUAGES.map((language) => language.code);
const ANY_SCENE: Scene = {
  setting: 'bathroom',
  time: 'evening',
  view: 'wide',
  side: 'left',
  props: [],
  prompt: 'p',
};

type Child = CastCompanion;
const mia: Child = { name: 'Mia', gender: 'female' };
const leo: Child = { name: 'Leo', gender: 'male' };
const zoe: Child = { name: 'Zoé', gender: 'female' };
const emma: Child = { name: 'Emma', gender: 'female' };
const ines: Child = { name: 'Inès', gender: 'female' };

function inputs(
  cast: readonly Child[],
  language: Language,
  overrides: Partial<StoryInputs> = {},
): StoryInputs {
  const [lead, ...companions] = cast as [Child, ...Child[]];
  return {
    child: { name: lead.name, gender: lead.gender, age: 5 },
    toy: { name: 'Teddy' },
    companions,
    dedication: { message: '', signature: '' },
    language,
    ...overrides,
  };
}

/** A one-page story for the syntax: the single text and the cast text of its page. */
function tiny(text: string, castText: string | undefined): StoryFile {
  return {
    title: '{child}',
    subtitle: 'S',
    dedicationDefault: 'D',
    ...(castText === undefined
      ? {}
      : { castTitle: '{children}', castSubtitle: 'S', castDedicationDefault: 'D {children}' }),
    pages: [{ text, ...(castText === undefined ? {} : { castText }), scene: ANY_SCENE }],
  };
}
const page = (castText: string, cast: readonly Child[], language: Language = 'en') =>
  renderStory(tiny('{child}', castText), inputs(cast, language)).pages[0]!.text;

describe('a book of one child is told exactly as before the cast', () => {
  // Hashes of every page, heading, dedication, cover line, back cover, last-page line and book title of
  // both stories and book types for a girl and a boy, computed with the code and files of main before
  // issue 35 (commit 3580e08): a book of one child prints byte for byte what it printed then.
  const BEFORE: Record<Language, string> = {
    en: 'e6d92615d8bbdbaa',
    fr: 'ab63d68ab137f02e',
    de: 'd62594f5ad26ce51',
    it: 'bf8cb05e73e2813a',
  };

  async function wordsHash(language: Language, companions: readonly Child[] | undefined) {
    const hash = createHash('sha256');
    for (const theme of THEMES) {
      for (const bookType of BOOK_TYPES) {
        const story = await loadStory(theme, bookType, language);
        for (const [name, gender, toy] of [
          ['Emma', 'female', 'Teddy'],
          ['Léo', 'male', 'Oscar'],
        ] as const) {
          const lead = { name, gender };
          const rendered = renderStory(story, {
            ...inputs([lead], language, { toy: { name: toy } }),
            companions,
          });
          hash.update(
            JSON.stringify(
              rendered.title +
                rendered.subtitle +
                rendered.dedication.message +
                rendered.pages.map((entry) => entry.text).join('\n'),
            ),
          );
          const cast = companions === undefined ? undefined : [lead, ...companions];
          const names = { child: name, toy, ...(cast ? { cast } : {}) };
          hash.update(
            JSON.stringify([
              coverLines(theme, language, 'hero', name, cast),
              coverLines(theme, language, 'toy', toy, cast),
              backCoverText(theme, language, bookType, names),
              drawYourOwnLines(theme, language, names),
            ]),
          );
          hash.update(
            await bookTitle(
              {
                themeId: theme,
                bookType,
                language,
                wizardMetadata: {
                  childName: name,
                  childGender: gender,
                  toyName: toy,
                  ...(companions ? { companions } : {}),
                },
              },
              '-',
            ),
          );
        }
      }
    }
    return hash.digest('hex').slice(0, 16);
  }

  it.each(LANGUAGE_CODES)(
    '%s: every word of both stories, without companions or with none',
    async (language) => {
      expect(await wordsHash(language, undefined)).toBe(BEFORE[language]);
      expect(await wordsHash(language, [])).toBe(BEFORE[language]);
    },
  );
});

describe('the cast syntax', () => {
  it('{children} lists every name as the language does, the lead first', () => {
    expect(page('{children}', [mia, leo])).toBe('Mia and Leo');
    expect(page('{children}', [mia, leo, zoe])).toBe('Mia, Leo and Zoé');
    expect(page('{children}', [mia, leo, zoe], 'fr')).toBe('Mia, Leo et Zoé');
    expect(page('{children}', [mia, leo, zoe], 'de')).toBe('Mia, Leo und Zoé');
    expect(page('{children}', [mia, leo, zoe], 'it')).toBe('Mia, Leo e Zoé');
  });

  it('keeps {child} the lead and {toy} the lead’s toy', () => {
    expect(page('{children} hug {toy}, {child}’s bear.', [leo, mia])).toBe(
      'Leo and Mia hug Teddy, Leo’s bear.',
    );
  });

  it('agrees a gender pair with the group: feminine only when every child is a girl', () => {
    const ready = '{children} sont {prêts|prêtes}.';
    expect(page(ready, [mia, zoe], 'fr')).toBe('Mia et Zoé sont prêtes.');
    expect(page(ready, [mia, ines, zoe], 'fr')).toBe('Mia, Inès et Zoé sont prêtes.');
    expect(page(ready, [mia, leo], 'fr')).toBe('Mia et Leo sont prêts.');
    expect(page(ready, [mia, zoe, leo], 'fr')).toBe('Mia, Zoé et Leo sont prêts.');
    expect(page(ready, [leo, { name: 'Hugo', gender: 'male' }], 'fr')).toBe('Leo et Hugo sont prêts.');
  });

  it('elides before the first name only', () => {
    expect(page('les yeux {de:children}', [emma, leo], 'fr')).toBe('les yeux d’Emma et Leo');
    expect(page('les yeux {de:children}', [leo, emma, ines], 'fr')).toBe('les yeux de Leo, Emma et Inès');
  });

  it('capitalises {children} and a pair that start a sentence', () => {
    expect(page('{de:children} rêve. {ils|elles} dorment.', [emma, zoe], 'fr')).toBe(
      'D’Emma et Zoé rêve. Elles dorment.',
    );
  });

  it('prints a companion’s name as typed, without braces, and tells a cast of three at most', () => {
    const cast = [
      mia,
      { name: ' {toy}  Lou ', gender: 'male' as Gender },
      zoe,
      { name: 'Max', gender: 'male' as Gender },
    ];
    expect(page('{children}', cast)).toBe('Mia, toy Lou and Zoé');
    expect(() => page('{children}', [mia, { name: ' ', gender: 'male' }])).toThrow(/name is empty/);
  });

  it('uses the cast headings and dedication for a cast, the single ones for one child', () => {
    const story = tiny('{child} sleeps.', '{children} sleep.');
    const one = renderStory(story, inputs([mia], 'en'));
    const two = renderStory(story, inputs([mia, leo], 'en'));
    expect([one.title, one.dedication.message, one.pages[0]!.text]).toEqual(['Mia', 'D', 'Mia sleeps.']);
    expect([two.title, two.dedication.message, two.pages[0]!.text]).toEqual([
      'Mia and Leo',
      'D Mia and Leo',
      'Mia and Leo sleep.',
    ]);
    // The parent's own message is theirs, whatever the cast.
    const own = inputs([mia, leo], 'en', { dedication: { message: 'Love, Gran', signature: 'Gran' } });
    expect(renderStory(story, own).dedication.message).toBe('Love, Gran');
  });

  it('refuses {children} in a single text, and an unknown cast placeholder', () => {
    expect(() => parseTemplate('{children} sleep.')).toThrow(/for a cast text only/);
    expect(() => parseTemplate('{de:children}')).toThrow(/for a cast text only/);
    expect(parseTemplate('{children} sleep.', 'cast')).toHaveLength(3);
    expect(() => parseTemplate('{kids}', 'cast')).toThrow(/Unknown placeholder/);
    expect(() => parseTemplate('{la:children}', 'cast')).toThrow(/Unknown elision/);
  });

  it('refuses a file with cast texts on some parts only, naming what lacks one', () => {
    const file = {
      title: 'T {child}',
      subtitle: 'S',
      dedicationDefault: 'D',
      castTitle: 'T {children}',
      castSubtitle: 'S',
      castDedicationDefault: 'D',
      pages: [{ text: 'a', castText: 'b' }, { text: 'c' }],
    };
    expect(() => checkTemplates(file, 'x/storybook.en.json')).toThrow(
      'The story file x/storybook.en.json has cast texts, but not for page 2',
    );
    expect(() => checkTemplates({ ...file, castSubtitle: undefined }, 'f')).toThrow(
      /not for the subtitle, page 2/,
    );
    expect(() => checkTemplates({ ...file, pages: [{ text: '{children}', castText: 'b' }] }, 'f')).toThrow(
      /f, page 1: "\{children\}" is for a cast text only/,
    );
    expect(() => checkTemplates({ ...file, pages: [{ text: 'a', castText: '{kid}' }] }, 'f')).toThrow(
      /f, page 1 \(cast\): Unknown placeholder/,
    );
    // Every cast text, or none: both load.
    expect(() => checkTemplates({ ...file, pages: [{ text: 'a', castText: 'b' }] }, 'f')).not.toThrow();
    expect(() =>
      checkTemplates({ title: 'T', subtitle: 'S', dedicationDefault: 'D', pages: [{ text: 'a' }] }, 'f'),
    ).not.toThrow();
  });

  it('refuses to tell a cast from a story without cast texts', () => {
    const story = tiny('{child} sleeps.', undefined);
    expect(tellsCast(story)).toBe(false);
    expect(() => renderStory(story, inputs([mia, leo], 'en'))).toThrow(/no words for a cast of 2/);
    expect(renderStory(story, inputs([mia], 'en')).pages[0]!.text).toBe('Mia sleeps.');
  });
});

const loaded = new Map<string, StoryFile>();
for (const theme of THEMES)
  for (const bookType of BOOK_TYPES)
    for (const language of LANGUAGE_CODES)
      loaded.set(`${theme}/${bookType}.${language}`, await loadStory(theme, bookType, language));

/** The languages whose story files have the cast texts in this branch (German and Italian: helper h2). */
const CAST_LANGUAGES = (['en', 'fr', 'de', 'it'] as const).filter((language) =>
  THEMES.every((theme) =>
    BOOK_TYPES.every((bookType) => tellsCast(loaded.get(`${theme}/${bookType}.${language}`)!)),
  ),
);
const CASTS = {
  'two (a girl and a boy)': [emma, leo],
  'two girls': [ines, zoe],
  'three (mixed)': [mia, leo, zoe],
  'three girls': [emma, ines, zoe],
} as const;

/** Words a cast text never uses: they read right for two or for three only. */
const TWO_OR_THREE =
  /(?<!\p{L})(both|all three|the three|the two|tous les deux|toutes les deux|tous les trois|toutes les trois|beide|beiden|alle drei|alle zwei|entrambi|entrambe|tutti e tre|tutte e tre|tutti e due|tutte e due)(?!\p{L})/iu;

describe('the stories told for a cast', () => {
  it('has its cast texts in English and French (German and Italian from h2)', () => {
    expect(CAST_LANGUAGES).toEqual(expect.arrayContaining(['en', 'fr']));
  });

  const cases = CAST_LANGUAGES.flatMap((language) =>
    THEMES.flatMap((theme) =>
      BOOK_TYPES.flatMap((bookType) =>
        Object.entries(CASTS).map(
          ([label, cast]) => [`${theme}/${bookType}.${language}`, label, cast] as const,
        ),
      ),
    ),
  );

  it.each(cases)('%s for %s: every name, no brace, no word for two or three only', (key, _, cast) => {
    const story = loaded.get(key)!;
    const language = key.split('.').at(-1) as Language;
    const rendered = renderStory(story, inputs(cast, language));
    const texts = [
      rendered.title,
      rendered.subtitle,
      rendered.dedication.message,
      ...rendered.pages.map((entry) => entry.text),
    ];
    for (const text of texts) {
      expect(text).not.toMatch(/[{}|]/);
      expect(text).not.toMatch(TWO_OR_THREE);
    }
    const together = texts.filter((text) => cast.every((child) => text.includes(child.name)));
    // The title names every child, and so do many pages (every page where the lead alone acted).
    expect(cast.every((child) => rendered.title.includes(child.name))).toBe(true);
    expect(together.length).toBeGreaterThanOrEqual(rendered.pages.length / 3);
    expect(texts.join('\n')).toContain('Teddy');
  });

  it.each(CAST_LANGUAGES.flatMap((language) => THEMES.map((theme) => [theme, language] as const)))(
    '%s %s: the covers, back cover and last pages name every child',
    (theme, language) => {
      const cast = [mia, leo, zoe];
      const hero = coverLines(theme, language, 'hero', 'Mia', cast);
      expect(`${hero.title} ${hero.subtitle}`).toBe(
        renderStory(loaded.get(`${theme}/storybook.${language}`)!, inputs(cast, language)).title,
      );
      // The toy's cover is the lead's toy's, as before.
      expect(coverLines(theme, language, 'toy', 'Teddy', cast)).toEqual(
        coverLines(theme, language, 'toy', 'Teddy'),
      );
      const names = { child: 'Mia', toy: 'Teddy', cast };
      for (const bookType of BOOK_TYPES) {
        const back = backCoverText(theme, language, bookType, names);
        for (const child of cast) expect(back).toContain(child.name);
        expect(back).not.toMatch(/[{}|]/);
      }
      const lines = drawYourOwnLines(theme, language, names);
      expect(lines).toHaveLength(drawYourOwnLines(theme, language, { child: 'Mia', toy: 'Teddy' }).length);
      expect(lines.join(' ')).toContain('Mia, Leo');
    },
  );

  const storyPage = (
    language: Language,
    cast: readonly Child[],
    position: number,
    theme = 'guardian-friend',
  ) =>
    renderStory(loaded.get(`${theme}/storybook.${language}`)!, inputs(cast, language)).pages[position - 1]!
      .text;

  it('French agrees with the group: feminine for girls only, masculine for a mixed group', () => {
    expect(storyPage('fr', [ines, zoe], 3)).toContain('Inès et Zoé sont prêtes pour la nuit.');
    expect(storyPage('fr', [ines, zoe], 10)).toContain('Inès et Zoé écoutent, et elles sourient.');
    expect(storyPage('fr', [ines, zoe], 11)).toContain('se sentent toutes rassurées');
    expect(storyPage('fr', [emma, ines, zoe], 29)).toContain('blotties tout contre Teddy');
    expect(storyPage('fr', [zoe, leo], 3)).toContain('Zoé et Leo sont prêts pour la nuit.');
    expect(storyPage('fr', [zoe, leo], 10)).toContain('et ils sourient.');
    expect(storyPage('fr', [mia, zoe, leo], 11)).toContain('se sentent tout rassurés');
    expect(storyPage('fr', [mia, leo], 29)).toContain('blottis tout contre Teddy');
    expect(storyPage('fr', [emma, leo], 5)).toContain('les yeux d’Emma et Leo');
    expect(storyPage('fr', [ines, zoe], 27, 'birthday-adventure')).toContain('heureuses et fatiguées');
    expect(storyPage('fr', [leo, ines], 27, 'birthday-adventure')).toContain('heureux et fatigués');
  });

  it('English speaks of the children in the plural, the lead’s birthday and toy kept', () => {
    expect(storyPage('en', [mia, leo, zoe], 3)).toBe(
      'Cosy pyjamas, teeth brushed clean, one last cuddle. Mia, Leo and Zoé are ready for bed.',
    );
    expect(storyPage('en', [leo, mia], 4)).toContain('with Teddy, Leo’s very best friend');
    expect(storyPage('en', [mia, leo], 1, 'birthday-adventure')).toContain('Today is Mia’s birthday!');
    for (const cast of Object.values(CASTS)) {
      const all = renderStory(loaded.get('guardian-friend/storybook.en')!, inputs(cast, 'en'))
        .pages.map((entry) => entry.text)
        .join('\n');
      expect(all).not.toMatch(/(?<!\p{L})(he|she|him|his|her|hers)(?!\p{L})/iu);
    }
  });

  it('titles a cast book in words that read well, the same everywhere', async () => {
    const wizardMetadata = {
      childName: 'Mia',
      childGender: 'female',
      toyName: 'Bunny',
      companions: [] as unknown[],
    };
    const companions = [
      { name: 'Leo', gender: 'male', age: 3, look: DEFAULT_CHILD_LOOK },
      { name: 'Zoé', gender: 'female', age: 7, look: DEFAULT_CHILD_LOOK },
    ];
    const title = (themeId: string, language: string) =>
      bookTitle(
        { themeId, bookType: 'storybook', language, wizardMetadata: { ...wizardMetadata, companions } },
        '-',
      );
    expect(await title('guardian-friend', 'en')).toBe('The Night Guardian of Mia, Leo and Zoé');
    expect(await title('guardian-friend', 'fr')).toBe('Le Gardien de la nuit de Mia, Leo et Zoé');
    expect(await title('birthday-adventure', 'en')).toBe('Mia, Leo and Zoé chase the Runaway Balloon');
    expect(await title('birthday-adventure', 'fr')).toBe('Mia, Leo et Zoé à la poursuite du Ballon voyageur');
    for (const language of CAST_LANGUAGES) {
      for (const themeId of THEMES) {
        const painted = coverLines(
          themeId,
          language,
          'hero',
          'Mia',
          castOf({ ...wizardMetadata, companions } as never),
        );
        expect(await title(themeId, language)).toBe(`${painted.title} ${painted.subtitle}`);
      }
    }
  });
});

/**
 * Every child's toy named where the picture shows them all (`{toys}`, issue 35): the lead's toy alone
 * when no companion has one, so the words then read as they did with `{toy}`.
 */
describe('the companions’ toys in the words', () => {
  const withToy = (child: Child, toy: string): Child => ({ ...child, toy: { name: toy } });
  const momo = withToy(leo, 'Momo');
  const lapin = withToy(zoe, 'Lapin');
  const render = (theme: string, bookType: string, language: Language, cast: readonly Child[]) =>
    renderStory(loaded.get(`${theme}/${bookType}.${language}`)!, inputs(cast, language));
  const lastPage = (language: Language, cast: readonly Child[]) =>
    render('guardian-friend', 'storybook', language, cast).pages[29]!.text;

  it('names every toy, the lead’s first, joined and agreeing as each language does', () => {
    expect(lastPage('en', [mia, leo, zoe])).toContain('The sun is shining, Teddy is smiling,');
    expect(lastPage('en', [mia, momo, zoe])).toContain('The sun is shining, Teddy and Momo are smiling,');
    expect(lastPage('en', [mia, momo, lapin])).toContain('Teddy, Momo and Lapin are smiling,');
    expect(lastPage('fr', [mia, leo])).toContain('Le soleil brille, Teddy sourit,');
    expect(lastPage('fr', [mia, momo])).toContain('Le soleil brille, Teddy et Momo sourient,');
    expect(lastPage('fr', [mia, momo, lapin])).toContain('Teddy, Momo et Lapin sourient,');
    expect(lastPage('de', [mia, leo, zoe])).toContain('Die Sonne scheint, Teddy lächelt,');
    expect(lastPage('de', [mia, leo, lapin])).toContain('Die Sonne scheint, Teddy und Lapin lächeln,');
    expect(lastPage('de', [mia, momo, lapin])).toContain('Teddy, Momo und Lapin lächeln,');
    expect(lastPage('it', [mia, leo])).toContain('Il sole splende, Teddy sorride');
    expect(lastPage('it', [mia, momo])).toContain('Il sole splende, Teddy e Momo sorridono');
    expect(lastPage('it', [mia, momo, lapin])).toContain('Teddy, Momo e Lapin sorridono');
  });

  it('agrees the verbs, elisions and headings with the number of toys', () => {
    const book = (language: Language, cast: readonly Child[]) =>
      render('guardian-friend', 'storybook', language, cast);
    expect(book('en', [mia, momo]).subtitle).toBe('A bedtime story with Teddy and Momo');
    expect(book('fr', [mia, momo]).dedication.message).toBe(
      'Pour Mia et Leo\u00a0: que Teddy et Momo veillent sur vous, toutes les nuits.',
    );
    expect(
      renderStory(loaded.get('guardian-friend/storybook.fr')!, {
        ...inputs([mia, momo], 'fr'),
        toy: { name: 'Oscar' },
      }).dedication.message,
    ).toContain('qu’Oscar et Momo veillent sur vous');
    expect(book('de', [mia, momo, lapin]).dedication.message).toBe(
      'Für Mia, Leo und Zoé: Mögen Teddy, Momo und Lapin euch jede Nacht beschützen.',
    );
    expect(book('de', [mia, leo]).dedication.message).toBe(
      'Für Mia und Leo: Möge Teddy euch jede Nacht beschützen.',
    );
    expect(book('it', [mia, momo]).pages[15]!.text).toContain('con Teddy e Momo in mezzo.');
    // In bed, tucked in, a companion's toy is under the blanket: those pages name the lead's toy.
    expect(book('en', [mia, momo]).pages[28]!.text).toContain('And Teddy is here, keeping watch.');
    expect(render('guardian-friend', 'coloring', 'fr', [mia, momo]).pages[2]!.text).toBe(
      'Teddy et Momo, les doudous chéris, avec Mia et Leo.',
    );
    expect(render('guardian-friend', 'coloring', 'fr', [mia, momo]).pages[19]!.text).toBe(
      'Petit-déjeuner pour Mia et Leo, avec Teddy et Momo\u00a0!',
    );
    const names = { child: 'Mia', toy: 'Teddy', cast: [mia, momo, lapin] };
    expect(backCoverText('guardian-friend', 'en', 'coloring', names)).toContain(
      'waiting for their colours with Teddy, Momo and Lapin,',
    );
    expect(drawYourOwnLines('birthday-adventure', 'it', names)[0]).toContain('con Teddy, Momo e Lapin,');
  });

  it('hugs every toy on the birthday hug page, as guardian-friend’s hug page names them', () => {
    // The children hug their own toys among the presents (not tucked in bed): every toy shows.
    const hug = (language: Language, cast: readonly Child[]) =>
      render('birthday-adventure', 'coloring', language, cast).pages[13]!.text;
    expect(hug('en', [mia, leo, zoe])).toBe('A birthday hug for Teddy.');
    expect(hug('en', [mia, momo, lapin])).toBe('Birthday hugs for Teddy, Momo and Lapin.');
    expect(hug('fr', [mia, leo])).toBe('Un câlin d’anniversaire pour Teddy.');
    expect(hug('fr', [mia, momo])).toBe('Des câlins d’anniversaire pour Teddy et Momo.');
    expect(hug('de', [mia, leo, zoe])).toBe('Eine Geburtstagsumarmung für Teddy.');
    expect(hug('de', [mia, leo, lapin])).toBe('Geburtstagsumarmungen für Teddy und Lapin.');
    expect(hug('it', [mia, leo])).toBe('Un abbraccio di compleanno per Teddy.');
    expect(hug('it', [mia, momo, lapin])).toBe('Abbracci di compleanno per Teddy, Momo e Lapin.');
  });

  it.each(
    CAST_LANGUAGES.flatMap((language) =>
      THEMES.flatMap((theme) => BOOK_TYPES.map((bookType) => [theme, bookType, language] as const)),
    ),
  )(
    '%s %s %s: without a companion’s toy, reads exactly as with the lead’s toy alone',
    (theme, bookType, language) => {
      // The cast texts as they were before {toys}: the lead's toy, and the pairs' one-toy alternative.
      const story = loaded.get(`${theme}/${bookType}.${language}`)!;
      const asWritten = (template: string | undefined) =>
        template?.replace(/\{toys:([^{}|]*)\|[^{}|]*\}/g, '$1').replace(/\{(\w+:)?toys\}/g, '{$1toy}');
      const asBefore: StoryFile = {
        ...story,
        castTitle: asWritten(story.castTitle)!,
        castSubtitle: asWritten(story.castSubtitle)!,
        castDedicationDefault: asWritten(story.castDedicationDefault)!,
        pages: story.pages.map((entry) => ({ ...entry, castText: asWritten(entry.castText)! })),
      };
      expect(JSON.stringify(asBefore)).not.toContain('toys');
      for (const cast of Object.values(CASTS)) {
        expect(renderStory(story, inputs(cast, language))).toEqual(
          renderStory(asBefore, inputs(cast, language)),
        );
      }
      // …and with companions' toys, some words name them all.
      const all = renderStory(story, inputs([mia, momo, lapin], language));
      const texts = [all.subtitle, ...all.pages.map((entry) => entry.text)];
      expect(texts.filter((text) => text.includes('Teddy, Momo')).length).toBeGreaterThanOrEqual(2);
    },
  );

  it('keeps {toys} for a cast text: refused in a single one', () => {
    expect(() => parseTemplate('{toys} sleep.')).toThrow(/for a cast text only/);
    expect(() => parseTemplate('{toys:is|are}')).toThrow(/for a cast text only/);
    expect(() => parseTemplate('{que:toys}')).toThrow(/for a cast text only/);
    expect(() => parseTemplate('{toys:|}', 'cast')).toThrow(/Empty number pair/);
    expect(page('{toys} {toys:is|are} here.', [mia, leo])).toBe('Teddy is here.');
    expect(page('{toys} {toys:is|are} here.', [mia, momo])).toBe('Teddy and Momo are here.');
    // A one-child book never reads the cast texts: the lead's toy alone, as before.
    expect(renderStory(tiny('{toy} is here.', '{toys} are here.'), inputs([mia], 'en')).pages[0]!.text).toBe(
      'Teddy is here.',
    );
  });
});

describe('planBook', () => {
  const personalisation = (companions?: BookPersonalisation['companions']): BookPersonalisation =>
    BookPersonalisationSchema.parse({
      childName: 'Mia',
      childGender: 'female',
      childAge: 5,
      toyName: 'Bunny',
      permanentPaths: { childPhoto: 'a', toyPhoto: 'b', generatedHero: 'c', generatedToy: 'd' },
      ...(companions ? { companions } : {}),
    });
  const instance = (companions?: BookPersonalisation['companions']) => ({
    id: 'book',
    themeId: 'guardian-friend',
    bookType: 'storybook',
    language: 'fr',
    wizardMetadata: personalisation(companions),
  });

  it('tells the book for its whole cast, and for one child as before', async () => {
    const one = await planBook(instance());
    expect(one.story.title).toBe('Mia et le Gardien de la nuit');
    const three = await planBook(
      instance([
        { name: 'Inès', gender: 'female', age: 3, look: DEFAULT_CHILD_LOOK },
        { name: 'Zoé', gender: 'female', age: 7, look: DEFAULT_CHILD_LOOK },
      ]),
    );
    expect(three.story.title).toBe('Le Gardien de la nuit de Mia, Inès et Zoé');
    expect(three.story.pages[2]!.text).toContain('Mia, Inès et Zoé sont prêtes pour la nuit.');
    expect(three.story.dedication.message).toBe(
      'Pour Mia, Inès et Zoé\u00a0: que Bunny veille sur vous, toutes les nuits.',
    );
  });
});
