/**
 * Draws a story's catalogue gallery from its own pages: the storybook pages listed in
 * `stories/{themeId}/story.json` (`gallery`) drawn by the local illustrator, cut to 4:3 without the
 * text panel, as public/catalog/themes/{themeId}/gallery-{n}.webp (1200 x 900) and a 600 px copy.
 * The first story's gallery is hand-made artwork (scripts/make-artwork.ts).
 *
 *   npx tsx scripts/story-gallery.ts <themeId>
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { sceneSvg } from '../src/server/adapters/illustrator/scenes/index';
import { storyEntry } from '../src/server/stories/catalogue';
import { loadStory } from '../src/server/stories/story';
import { DEFAULT_CHILD_LOOK } from '../src/shared/domain/child-look';
import { DEFAULT_TOY_LOOK } from '../src/shared/domain/toy-look';

const WIDTH = 1200;
const HEIGHT = 900;
/** The picture's rows kept: above the text panel's place, below the top edge's garlands. */
const TOP = 40;

async function main(): Promise<void> {
  const [themeId] = process.argv.slice(2);
  if (!themeId) throw new Error('Usage: npx tsx scripts/story-gallery.ts <themeId>');
  const entry = storyEntry(themeId);
  const story = await loadStory(themeId, 'storybook', 'en');
  const out = path.join('public', 'catalog', 'themes', themeId);
  await mkdir(out, { recursive: true });
  for (const [index, pageNumber] of (entry.gallery ?? []).entries()) {
    const scene = story.pages[pageNumber - 1]?.scene;
    if (!scene) throw new Error(`${themeId} has no page ${pageNumber}`);
    const svg = sceneSvg({
      scene,
      style: 'color',
      size: WIDTH,
      look: DEFAULT_CHILD_LOOK,
      toy: DEFAULT_TOY_LOOK,
    });
    const picture = await sharp(Buffer.from(svg))
      .flatten({ background: '#ffffff' })
      .extract({ left: 0, top: TOP, width: WIDTH, height: HEIGHT })
      .toBuffer();
    for (const [suffix, width] of [
      ['', WIDTH],
      ['-600', 600],
    ] as const) {
      const file = path.join(out, `gallery-${index + 1}${suffix}.webp`);
      const webp = await sharp(picture)
        .resize({ width })
        .webp({ quality: 78, effort: 6, smartSubsample: true })
        .toBuffer();
      await writeFile(file, webp);
      console.log(`${file}  ${(webp.length / 1024).toFixed(1)} KB`);
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
