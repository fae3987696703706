/**
 * Debug: a whole book drawn by the local illustrator and laid out as the print files lay it, to look
 * at every page (docs/decisions/022-covers-per-binding.md). Writes interior.pdf, cover-<type>.pdf
 * and, with poppler's pdftoppm (`apt-get install poppler-utils`), a PNG per page at 40 dpi.
 *
 *   npx tsx scripts/book-preview.ts <out-dir> [en|fr|de|it] [child name] [toy name] [storybook|coloring] [story] [second language]
 *
 * `story` is a folder of src/server/stories (default guardian-friend). With a second language, the
 * bilingual edition: each page's text in both (issue 32).
 *
 * A book for two or three children (issue 35): `COMPANIONS='Leo:male:4,Zoé:female:7+toy'` (name,
 * gender, age; `+toy` gives the child a toy) draws the companions, in varied looks, on the cover and
 * every page beside the lead (5 years old); `COMPANIONS=wide` draws the layout test's widest looks.
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DrawnCompanion } from '../src/server/adapters/illustrator/index';
import { createLocalIllustrator } from '../src/server/adapters/illustrator/local';
import { parseCompanions, WIDE_COMPANIONS } from '../src/server/adapters/illustrator/scenes/sample-cast';
import { personPhoto, teddyPhoto } from '../src/server/adapters/illustrator/test-photos';
import { buildPrintFiles } from '../src/server/modules/production/print-files';
import { loadStory, renderStory } from '../src/server/stories/story';
import { DEFAULT_CHILD_LOOK } from '../src/shared/domain/child-look';
import type { BookType } from '../src/shared/domain/statuses';
import { defaultToyLook } from '../src/shared/domain/toy-look';
import type { Language } from '../src/shared/i18n';
import { heroCoverParts } from './hero-cover';

const run = promisify(execFile);

async function main(): Promise<void> {
  const [
    out = 'book-preview',
    lang = 'en',
    child = 'Oscar',
    toy = 'Biscuit',
    type = 'storybook',
    themeId = 'guardian-friend',
    second,
  ] = process.argv.slice(2);
  const language = lang as Language;
  const bookType = type as BookType;
  const style = bookType === 'coloring' ? 'line' : 'color';
  await mkdir(out, { recursive: true });
  const companions =
    process.env.COMPANIONS === 'wide' ? [...WIDE_COMPANIONS] : parseCompanions(process.env.COMPANIONS);
  const leadAge = 5;
  // The lead is a boy unless LEAD=female (the cast's words agree with the group).
  const leadGender = process.env.LEAD === 'female' ? 'female' : 'male';
  const cast = companions.length
    ? ([
        { name: child, gender: leadGender },
        ...companions.map((companion) => ({
          name: companion.name ?? '',
          gender: companion.gender ?? 'male',
        })),
      ] as const)
    : undefined;
  const told = cast ? { companions: cast.slice(1) } : {};
  const illustrator = createLocalIllustrator();
  const hero = companions.length
    ? await castCover(themeId, language, child, companions, leadAge, leadGender)
    : await heroCoverParts(themeId, language, child);
  const toyPhoto = await teddyPhoto();
  const toyCover = await illustrator.generateCover({
    kind: 'plush_toy_generation',
    photo: toyPhoto,
    themeId,
    name: toy,
    language,
  });
  if (!toyCover.ok) throw new Error(toyCover.message);
  const story = renderStory(await loadStory(themeId, bookType, language), {
    child: { name: child, gender: leadGender, age: 5 },
    toy: { name: toy },
    dedication: { message: '', signature: '' },
    language,
    ...told,
  });
  const secondStory = second
    ? renderStory(await loadStory(themeId, bookType, second as Language), {
        child: { name: child, gender: leadGender, age: 5 },
        toy: { name: toy },
        dedication: { message: '', signature: '' },
        language: second as Language,
        ...told,
      })
    : undefined;
  const pages: { image: Buffer; text: string; secondText?: string }[] = [];
  for (const page of story.pages) {
    const drawn = await illustrator.illustratePage({
      heroCover: hero.image,
      toyCover: toyCover.image,
      toyPhoto,
      scene: page.scene,
      style,
      ...(companions.length ? { child: { age: leadAge }, companions } : {}),
      pageNumber: page.position,
      size: 1024,
      language,
    });
    if (!drawn.ok) throw new Error(drawn.message);
    const secondText = secondStory?.pages.find((other) => other.position === page.position)?.text;
    pages.push({ image: drawn.image, text: page.text, ...(secondText ? { secondText } : {}) });
  }
  const files = await buildPrintFiles({
    themeId,
    language,
    story,
    bookType,
    names: { child, toy, ...(cast ? { cast } : {}) },
    heroCover: hero.image,
    heroArt: hero.art,
    toyCover: toyCover.image,
    pages,
    style,
    coverTypes: ['softcover', 'hardcover'],
    // The pages are drawn from their scenes with the default looks: the layout check places the
    // text panel (and refuses a page with no room for it) as production does.
    layout: {
      look: DEFAULT_CHILD_LOOK,
      toy: defaultToyLook({ toyName: toy }),
      ...(companions.length ? { companions, leadAge } : {}),
    },
  });
  await writeFile(path.join(out, 'interior.pdf'), files.interior);
  await run('pdftoppm', ['-r', '40', '-png', path.join(out, 'interior.pdf'), path.join(out, 'page')]);
  for (const [coverType, pdf] of files.covers) {
    await writeFile(path.join(out, `cover-${coverType}.pdf`), pdf);
    await run('pdftoppm', [
      '-r',
      '40',
      '-png',
      '-singlefile',
      path.join(out, `cover-${coverType}.pdf`),
      path.join(out, `cover-${coverType}`),
    ]);
  }
  console.log(`${out}: ${files.pageCount} pages, covers ${[...files.covers.keys()].join(', ')}`);
}

/** The hero cover of a cast, by the local illustrator (the default child, its toy and the companions). */
async function castCover(
  themeId: string,
  language: Language,
  child: string,
  companions: DrawnCompanion[],
  age: number,
  gender: 'male' | 'female',
): Promise<{ image: Buffer; art: Buffer }> {
  const cover = await createLocalIllustrator({
    photoChecker: { hasPerson: async () => ({ ok: true }), hasToy: async () => ({ ok: true }) } as never,
  }).generateCover({
    kind: 'hero_generation',
    photo: await personPhoto(),
    themeId,
    name: child,
    language,
    look: DEFAULT_CHILD_LOOK,
    companions,
    gender,
    age,
    size: 2750,
    art: true,
  });
  if (!cover.ok || !cover.art) throw new Error(cover.ok ? 'no cover art' : cover.message);
  return { image: cover.image, art: cover.art };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
