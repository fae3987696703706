/**
 * Draws ten different toys on the same story page, and the toy kinds side by side, as PNGs to look
 * at (docs/decisions/021-the-toy-drawn.md): `npx tsx scripts/draw-toys.ts [folder]` (default
 * /tmp/toys). Colour and coloring-book pages of one scene with the child and each toy.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { toyPreviewSvg } from '../src/server/adapters/illustrator/characters';
import { renderScenePage } from '../src/server/adapters/illustrator/scenes';
import { loadStory } from '../src/server/stories/story';
import { DEFAULT_CHILD_LOOK } from '../src/shared/domain/child-look';
import { TOY_KIND_IDS, type ToyLook } from '../src/shared/domain/toy-look';

const TEN: ToyLook[] = [
  { kind: 'bear', main: 'brown', second: 'cream', feature: 'bow' },
  { kind: 'bunny', main: 'white', second: 'pink', feature: 'scarf' },
  { kind: 'dog', main: 'cream', second: 'brown', feature: 'collar' },
  { kind: 'cat', main: 'grey', second: 'white', feature: 'bowtie' },
  { kind: 'elephant', main: 'blue', second: 'pink', feature: 'patch' },
  { kind: 'unicorn', main: 'white', second: 'lilac', feature: 'heart' },
  { kind: 'lion', main: 'honey', second: 'orange', feature: 'none' },
  { kind: 'monkey', main: 'brown', second: 'honey', feature: 'scarf' },
  { kind: 'dinosaur', main: 'green', second: 'yellow', feature: 'none' },
  { kind: 'robot', main: 'grey', second: 'blue', feature: 'none' },
];

const out = process.argv[2] ?? '/tmp/toys';
await mkdir(out, { recursive: true });
const story = await loadStory('guardian-friend', 'storybook', 'en');
const coloring = await loadStory('guardian-friend', 'coloring', 'en');
// A page where the child and the toy are both on the ground, and one in bed.
const pick = (pages: typeof story.pages, want: (scene: (typeof story.pages)[number]['scene']) => boolean) =>
  pages.find((page) => want(page.scene))?.scene ?? pages[0]!.scene;
const scenes = {
  garden: pick(story.pages, (s) => !!s.toy && !!s.child && s.toy.place !== 'held' && s.time !== 'night'),
  bed: pick(story.pages, (s) => s.toy?.place === 'in-bed'),
  coloring: pick(coloring.pages, (s) => !!s.toy && s.toy.place !== 'held'),
};
for (const [name, scene] of Object.entries(scenes)) {
  const style = name === 'coloring' ? 'line' : 'color';
  const tiles = await Promise.all(
    TEN.map((toy) => renderScenePage({ scene, style, size: 400, look: DEFAULT_CHILD_LOOK, toy })),
  );
  await sharp({ create: { width: 2000, height: 800, channels: 3, background: '#ffffff' } })
    .composite(tiles.map((input, i) => ({ input, left: (i % 5) * 400, top: Math.floor(i / 5) * 400 })))
    .png()
    .toFile(path.join(out, `ten-toys-${name}.png`));
}
for (const style of ['color', 'line'] as const) {
  const kinds = await Promise.all(
    TOY_KIND_IDS.map((kind, i) =>
      sharp(Buffer.from(toyPreviewSvg({ ...TEN[i % TEN.length]!, kind }, style)))
        .resize(176, 256)
        .png()
        .toBuffer(),
    ),
  );
  await sharp({ create: { width: 176 * 7, height: 512, channels: 3, background: '#ffffff' } })
    .composite(kinds.map((input, i) => ({ input, left: (i % 7) * 176, top: Math.floor(i / 7) * 256 })))
    .png()
    .toFile(path.join(out, `kinds-${style}.png`));
}
await writeFile(path.join(out, 'README.txt'), 'Drawn by scripts/draw-toys.ts\n');
console.log(`Wrote the pictures to ${out}`);
