/**
 * Draws ten different children on the same story pages, as PNGs to look at
 * (docs/decisions/024-more-of-the-child.md): `npx tsx scripts/draw-children.ts [folder]` (default
 * /tmp/children). A day page, a bedtime page (pyjamas) and a page asleep in bed in colour, the day
 * page in the coloring book, and the children alone, standing, in colour and line art.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { drawChild } from '../src/server/adapters/illustrator/characters';
import { renderScenePage } from '../src/server/adapters/illustrator/scenes';
import { loadStory } from '../src/server/stories/story';
import type { ChildLook } from '../src/shared/domain/child-look';
import { DEFAULT_TOY_LOOK } from '../src/shared/domain/toy-look';

export const TEN_CHILDREN: ChildLook[] = [
  {
    skin: 'deep',
    hairColor: 'black',
    hairStyle: 'afro-puffs',
    eyeColor: 'brown',
    glasses: false,
    outfit: 'dress',
    top: 'yellow',
    bottom: 'purple',
    shoes: 'white',
    face: ['dimples'],
  },
  {
    skin: 'fair',
    hairColor: 'red',
    hairStyle: 'short',
    eyeColor: 'green',
    glasses: false,
    outfit: 'tshirt-shorts',
    top: 'green',
    bottom: 'blue',
    shoes: 'blue',
    face: ['freckles', 'gap-tooth'],
  },
  {
    skin: 'brown',
    hairColor: 'black',
    hairStyle: 'afro',
    eyeColor: 'brown',
    glasses: true,
    outfit: 'dungarees',
    top: 'red',
    bottom: 'blue',
    shoes: 'black',
    hearing: 'hearing-aids',
  },
  {
    skin: 'light',
    hairColor: 'blond',
    hairStyle: 'two-buns',
    eyeColor: 'blue',
    glasses: false,
    outfit: 'tshirt-trousers',
    top: 'pink',
    bottom: 'yellow',
    shoes: 'pink',
    fringe: true,
  },
  {
    skin: 'medium',
    hairColor: 'dark-brown',
    hairStyle: 'bun',
    eyeColor: 'hazel',
    glasses: false,
    outfit: 'dress',
    top: 'green',
    bottom: 'grey',
    shoes: 'brown',
    hearing: 'cochlear-implant',
  },
  {
    skin: 'tan',
    hairColor: 'brown',
    hairStyle: 'cropped',
    eyeColor: 'brown',
    glasses: false,
    outfit: 'short-dungarees',
    top: 'yellow',
    bottom: 'green',
    shoes: 'red',
    face: ['gap-tooth', 'dimples'],
  },
  {
    skin: 'porcelain',
    hairColor: 'platinum',
    hairStyle: 'very-long',
    eyeColor: 'grey',
    glasses: true,
    outfit: 'tshirt-trousers',
    top: 'purple',
    bottom: 'pink',
    shoes: 'white',
    fringe: true,
    face: ['freckles'],
  },
  {
    skin: 'brown',
    hairColor: 'dark-brown',
    hairStyle: 'curly-shoulder',
    eyeColor: 'brown',
    glasses: false,
    outfit: 'tshirt-shorts',
    top: 'orange',
    bottom: 'grey',
    shoes: 'black',
    hearing: 'cochlear-implant',
  },
  {
    skin: 'light',
    hairColor: 'auburn',
    hairStyle: 'shoulder',
    eyeColor: 'blue',
    glasses: false,
    outfit: 'dungarees',
    top: 'yellow',
    bottom: 'red',
    shoes: 'green',
    fringe: true,
    face: ['freckles', 'dimples', 'gap-tooth'],
  },
  { skin: 'light', hairColor: 'brown', hairStyle: 'short', eyeColor: 'brown', glasses: false },
];

const out = process.argv[2] ?? '/tmp/children';
await mkdir(out, { recursive: true });
const story = await loadStory('guardian-friend', 'storybook', 'en');
const coloring = await loadStory('guardian-friend', 'coloring', 'en');
const pick = (pages: typeof story.pages, want: (scene: (typeof story.pages)[number]['scene']) => boolean) =>
  pages.find((page) => want(page.scene))?.scene ?? pages[0]!.scene;
const scenes = {
  day: pick(
    story.pages,
    (s) => !!s.child && (s.child.outfit ?? 'day') === 'day' && s.child.pose !== 'hugging',
  ),
  bedtime: pick(story.pages, (s) => s.child?.outfit === 'pyjamas' && s.child.pose !== 'sleeping'),
  asleep: pick(story.pages, (s) => s.child?.pose === 'sleeping' || s.child?.pose === 'lying'),
  coloring: pick(
    coloring.pages,
    (s) => !!s.child && (s.child.outfit ?? 'day') === 'day' && s.child.pose !== 'hugging',
  ),
};
for (const [name, scene] of Object.entries(scenes)) {
  const style = name === 'coloring' ? 'line' : 'color';
  const tiles = await Promise.all(
    TEN_CHILDREN.map((look) => renderScenePage({ scene, style, size: 400, look, toy: DEFAULT_TOY_LOOK })),
  );
  await sharp({ create: { width: 2000, height: 800, channels: 3, background: '#ffffff' } })
    .composite(tiles.map((input, i) => ({ input, left: (i % 5) * 400, top: Math.floor(i / 5) * 400 })))
    .png()
    .toFile(path.join(out, `ten-children-${name}.png`));
}
// The children alone, standing and happy, big enough to see a freckle.
for (const style of ['color', 'line'] as const) {
  const figures = TEN_CHILDREN.map((look, i) => {
    const figure = drawChild({ look, pose: i % 2 ? 'waving' : 'standing', expression: 'happy', style });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="640" viewBox="0 0 ${figure.width} ${figure.height}"><rect width="100%" height="100%" fill="#fff"/>${figure.svg}</svg>`;
    return sharp(Buffer.from(svg)).png().toBuffer();
  });
  const tiles = await Promise.all(figures);
  await sharp({ create: { width: 2000, height: 1280, channels: 3, background: '#ffffff' } })
    .composite(tiles.map((input, i) => ({ input, left: (i % 5) * 400, top: Math.floor(i / 5) * 640 })))
    .png()
    .toFile(path.join(out, `ten-children-alone-${style}.png`));
}
await writeFile(path.join(out, 'README.txt'), 'Drawn by scripts/draw-children.ts\n');
console.log(`Wrote the pictures to ${out}`);
