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
 * gender, age; `+toy` gives the child a toy, `+toy=Momo` a toy with that name in the words, else
 * "Momo" or "Lapin") draws the companions, in varied looks, on the cover and every page beside the
 * lead (5 years old); `COMPANIONS=wide` draws the layout test's widest looks.
 *
 * `LOOK='{"hearing":"cochlear-implant-left","face":["dimples"]}'` draws the lead with those parts over
 * the default look (issue 30). `TOY_PHOTO=busy:<seed>:<size>` takes the toy's photo held up in a busy
 * street (test-photos.ts `busyToyPhoto`) and draws the toy as the wizard would offer it: its colours
 * read off the photo when the reader is sure, else the default teddy the parent is asked to adjust;
 * the toy is then on the front cover too, as production draws it.
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { readToyColours } from '../src/server/adapters/illustrator/characters/read-toy-look';
import type { DrawnCompanion } from '../src/server/adapters/illustrator/index';
import { createLocalIllustrator } from '../src/server/adapters/illustrator/local';
import { parseCompanions, WIDE_COMPANIONS } from '../src/server/adapters/illustrator/scenes/sample-cast';
import { busyToyPhoto, personPhoto, teddyPhoto } from '../src/server/adapters/illustrator/test-photos';
import { buildPrintFiles } from '../src/server/modules/production/print-files';
import { loadStory, renderStory } from '../src/server/stories/story';
import { type ChildLook, ChildLookSchema, DEFAULT_CHILD_LOOK } from '../src/shared/domain/child-look';
import type { BookType } from '../src/shared/domain/statuses';
import { defaultToyLook, type ToyLook } from '../src/shared/domain/toy-look';
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
  // `+toy=Momo`: the toy's name, for the words' {toys}; the drawing reads `+toy`.
  const toyNames = (process.env.COMPANIONS ?? '')
    .split(',')
    .map((entry, at) =>
      entry.includes('+toy') ? (/\+toy=(.+)$/.exec(entry)?.[1] ?? ['Momo', 'Lapin'][at]) : undefined,
    );
  const companions =
    process.env.COMPANIONS === 'wide'
      ? [...WIDE_COMPANIONS]
      : parseCompanions(process.env.COMPANIONS?.replace(/\+toy=[^,]+/g, '+toy'));
  const leadAge = 5;
  // The lead is a boy unless LEAD=female (the cast's words agree with the group).
  const leadGender = process.env.LEAD === 'female' ? 'female' : 'male';
  const cast = companions.length
    ? ([
        { name: child, gender: leadGender },
        ...companions.map((companion, at) => ({
          name: companion.name ?? '',
          gender: companion.gender ?? 'male',
          ...(companion.toy ? { toy: { name: toyNames[at] ?? ['Momo', 'Lapin'][at] ?? 'Momo' } } : {}),
        })),
      ] as const)
    : undefined;
  const told = cast ? { companions: cast.slice(1) } : {};
  const illustrator = createLocalIllustrator();
  const look = ChildLookSchema.parse({ ...DEFAULT_CHILD_LOOK, ...JSON.parse(process.env.LOOK ?? '{}') });
  const busy = await busyToy(toy);
  const hero =
    companions.length || busy || process.env.LOOK
      ? await castCover(themeId, language, child, companions, leadAge, leadGender, look, busy?.look)
      : await heroCoverParts(themeId, language, child);
  const toyPhoto = busy?.photo ?? (await teddyPhoto());
  const toyCover = await illustrator.generateCover({
    kind: 'plush_toy_generation',
    photo: toyPhoto,
    themeId,
    name: toy,
    language,
    ...(busy ? { toy: busy.look } : {}),
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
      ...(companions.length ? { child: { age: leadAge, look }, companions } : { child: { look } }),
      ...(busy ? { toy: { look: busy.look } } : {}),
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
      look,
      toy: busy?.look ?? defaultToyLook({ toyName: toy }),
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

/** `TOY_PHOTO=busy:<seed>:<size>`: the busy photo and the toy look the wizard would offer from it. */
async function busyToy(toy: string): Promise<{ photo: Buffer; look: ToyLook } | undefined> {
  const [source, seed = '2', size = '0.8'] = (process.env.TOY_PHOTO ?? '').split(':');
  if (source !== 'busy') return undefined;
  const photo = await busyToyPhoto(Number(seed), Number(size));
  const reading = await readToyColours(photo);
  const look = defaultToyLook({ toyName: toy, colours: reading.ok ? reading.colours : undefined });
  console.log(`busy toy photo ${seed}:${size}: ${JSON.stringify(reading)} -> ${JSON.stringify(look)}`);
  return { photo, look };
}

/** The hero cover by the local illustrator (the lead's look, the toy beside them, the companions). */
async function castCover(
  themeId: string,
  language: Language,
  child: string,
  companions: DrawnCompanion[],
  age: number,
  gender: 'male' | 'female',
  look: ChildLook = DEFAULT_CHILD_LOOK,
  toy: ToyLook | undefined = undefined,
): Promise<{ image: Buffer; art: Buffer }> {
  const cover = await createLocalIllustrator({
    photoChecker: { hasPerson: async () => ({ ok: true }), hasToy: async () => ({ ok: true }) } as never,
  }).generateCover({
    kind: 'hero_generation',
    photo: await personPhoto(),
    themeId,
    name: child,
    language,
    look,
    ...(toy ? { toy } : {}),
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
