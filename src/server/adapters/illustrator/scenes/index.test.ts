import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHILD_LOOK } from '../../../../shared/domain/child-look';
import { DEFAULT_TOY_LOOK, type ToyLook } from '../../../../shared/domain/toy-look';
import type { Scene } from '../../../stories/scene';
import { loadStory } from '../../../stories/story';
import { renderScenePage, sceneSvg } from './index';
import { propsHiddenByFigures, sceneParts } from './layout-check';
import { LIGHTS, underTint } from './paint';
import { redrawScene } from './variant';

/** 8 x 8 average hash of a picture: 64 bits, one per cell brighter than the mean. */
async function averageHash(png: Buffer): Promise<boolean[]> {
  const grey = await sharp(png).greyscale().resize(8, 8, { fit: 'fill' }).raw().toBuffer();
  const mean = grey.reduce((sum, value) => sum + value, 0) / grey.length;
  return [...grey].map((value) => value > mean);
}
const hamming = (a: boolean[], b: boolean[]) => a.filter((bit, index) => bit !== b[index]).length;

/** Two pictures count as "the same picture" at or below this many different bits of 64. */
const SAME_PICTURE = 6;

const toy: ToyLook = DEFAULT_TOY_LOOK;
const scenes: Record<'storybook' | 'coloring', Scene[]> = { storybook: [], coloring: [] };
beforeAll(async () => {
  for (const bookType of ['storybook', 'coloring'] as const)
    scenes[bookType] = (await loadStory('guardian-friend', bookType, 'en')).pages.map((page) => page.scene);
}, 60_000);

const render = (scene: Scene, style: 'color' | 'line', size = 192) =>
  renderScenePage({ scene, style, size, look: DEFAULT_CHILD_LOOK, toy });

describe('story pages drawn from their scene data', () => {
  it.each([
    ['storybook', 'color'],
    ['coloring', 'line'],
  ] as const)(
    'no two %s pages show the same picture (8x8 average hash)',
    async (bookType, style) => {
      const hashes = [];
      for (const scene of scenes[bookType]) hashes.push(await averageHash(await render(scene, style)));
      const alike: string[] = [];
      for (let a = 0; a < hashes.length; a++)
        for (let b = a + 1; b < hashes.length; b++)
          if (hamming(hashes[a]!, hashes[b]!) <= SAME_PICTURE)
            alike.push(`${a + 1}~${b + 1} (${hamming(hashes[a]!, hashes[b]!)})`);
      expect(alike).toEqual([]);
    },
    120_000,
  );

  it('draws a page at the size asked, without enlarging: the same request gives the same bytes', async () => {
    const scene = scenes.storybook[0]!;
    const big = await render(scene, 'color', 2625);
    const meta = await sharp(big).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([2625, 2625, 'png']);
    expect((await render(scene, 'color', 2625)).equals(big)).toBe(true);
    // Real detail at print size: an outline is a few pixels wide, not a blurred, enlarged band.
    const { data, info } = await sharp(big)
      .extract({ left: 1000, top: 1000, width: 600, height: 600 })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let sharpEdges = 0;
    for (let i = 1; i < info.width * info.height; i++)
      if (Math.abs(data[i]! - data[i - 1]!) > 80) sharpEdges++;
    expect(sharpEdges).toBeGreaterThan(200);
  }, 60_000);

  it('draws the coloring page as black lines on white only: a two-colour PNG with no grey', async () => {
    const png = await render(scenes.coloring[9]!, 'line', 1024);
    const meta = await sharp(png).metadata();
    expect(meta.isPalette).toBe(true);
    expect(meta.bitsPerSample).toBeLessThanOrEqual(2);
    const grey = await sharp(png).greyscale().raw().toBuffer();
    const values = new Set(grey);
    expect([...values].sort((a, b) => a - b)).toEqual([0, 255]);
    // Mostly white paper, with lines: regions big enough to colour.
    const black = grey.filter((value) => value === 0).length / grey.length;
    expect(black).toBeGreaterThan(0.03);
    expect(black).toBeLessThan(0.3);
  }, 60_000);

  it('stays lean: no shape makes the renderer composite a whole-page layer (opacity), so a print page takes well under a second', () => {
    for (const bookType of ['storybook', 'coloring'] as const)
      for (const [index, scene] of scenes[bookType].entries()) {
        const svg = sceneSvg({
          scene,
          style: bookType === 'coloring' ? 'line' : 'color',
          size: 2625,
          look: DEFAULT_CHILD_LOOK,
          toy,
        });
        // fill-opacity and stroke-opacity are painted directly; a bare opacity is an offscreen layer.
        expect(svg.match(/[^-]opacity="/g), `${bookType} page ${index + 1}`).toBeNull();
      }
  });

  it('follows the scene: the hour sets the light, the props are drawn, the side mirrors the setting', async () => {
    const base = scenes.storybook[0]!;
    const brightness = async (scene: Scene) =>
      (
        await sharp(await render(scene, 'color'))
          .greyscale()
          .stats()
      ).channels[0]!.mean;
    expect(await brightness({ ...base, time: 'night' })).toBeLessThan(
      (await brightness({ ...base, time: 'morning' })) - 30,
    );
    const svg = (scene: Scene) =>
      sceneSvg({ scene, style: 'color', size: 100, look: DEFAULT_CHILD_LOOK, toy });
    const river = scenes.storybook[19]!;
    // The green leaf boat, in front of the child: drawn in the night's tint (issue 31, the glows behind).
    const boat = underTint('#5fae4e', LIGHTS[river.time].tint);
    expect(svg(river)).toContain(boat);
    expect(svg({ ...river, props: river.props.filter((prop) => prop !== 'leaf-boat') })).not.toContain(boat);
    expect(svg({ ...base, side: 'right' })).toContain('scale(-1 1)');
    expect(svg({ ...base, side: 'left' })).not.toContain('translate(1000 0) scale(-1 1)');
  }, 60_000);

  it('shows the rooftops the words see from the top of the hill, in every redraw (birthday page 14)', async () => {
    const page = (await loadStory('birthday-adventure', 'storybook', 'en')).pages[13]!;
    expect(page.text).toContain('rooftops');
    const input = { look: DEFAULT_CHILD_LOOK, toy };
    for (const variant of [0, 1, 2, 3]) {
      const scene = variant ? await redrawScene({ ...input, scene: page.scene }, variant) : page.scene;
      const { parts } = await sceneParts({ ...input, scene, variant, style: 'color', size: 240 });
      // Six little houses, about 2 % of the page: more than a speck, wherever the camera stands.
      expect(parts.find((part) => part.what === 'rooftops')?.count, `redraw ${variant}`).toBeGreaterThan(800);
    }
  }, 60_000);
});

describe('a hearing device on the child’s own ear on every page (issue 30)', () => {
  /** Mean x (0..1 of the page) of the pixels where `a` differs from `b`. */
  async function whereDiffers(a: Buffer, b: Buffer): Promise<number | undefined> {
    const [pa, pb] = await Promise.all([a, b].map((png) => sharp(png).removeAlpha().raw().toBuffer()));
    const side = Math.round(Math.sqrt(pa!.length / 3));
    let sum = 0;
    let count = 0;
    for (let i = 0; i < side * side; i++) {
      const d = Math.max(...[0, 1, 2].map((c) => Math.abs(pa![i * 3 + c]! - pb![i * 3 + c]!)));
      if (d > 40) {
        sum += (i % side) / side;
        count++;
      }
    }
    return count > 4 ? sum / count : undefined;
  }

  it('draws a left implant to the viewer’s right of a right one, turned either way or nested in a mirrored bed, bath or boat', async () => {
    const upright = scenes.storybook.filter(
      (scene) => scene.child && scene.child.pose !== 'lying' && scene.child.pose !== 'sleeping',
    );
    expect(upright.length).toBeGreaterThan(20);
    let compared = 0;
    for (const scene of upright) {
      const page = (hearing?: 'cochlear-implant' | 'cochlear-implant-left') =>
        renderScenePage({
          scene,
          style: 'color',
          size: 512,
          look: { ...DEFAULT_CHILD_LOOK, ...(hearing ? { hearing } : {}) },
          toy,
        });
      const [none, right, left] = await Promise.all([
        page(),
        page('cochlear-implant'),
        page('cochlear-implant-left'),
      ]);
      const rightX = await whereDiffers(right, none);
      const leftX = await whereDiffers(left, none);
      // A device hidden on a page (behind the bath's side) says nothing about its side.
      if (rightX === undefined || leftX === undefined) continue;
      compared++;
      // The child faces us: their left ear is on the viewer's right.
      expect(
        leftX,
        `${scene.setting} ${scene.child?.pose} ${scene.child?.place} ${scene.side}`,
      ).toBeGreaterThan(rightX);
    }
    expect(compared).toBeGreaterThan(20);
  }, 120_000);
});

describe('what the words say the picture shows (issue 30)', () => {
  const parts = (scene: Scene) =>
    sceneParts({ scene, style: 'color', size: 240, look: DEFAULT_CHILD_LOOK, toy }).then(
      (drawn) => new Map(drawn.parts.map((part) => [part.what, part])),
    );

  it('a child lying in bed is under the blanket, pulled up to the nose where the words say so', async () => {
    const shadow = scenes.storybook[6]!; // "pulls the blanket right up to his nose"
    expect(shadow.props).toContain('blanket-up');
    const up = await parts(shadow);
    const down = await parts({ ...shadow, props: shadow.props.filter((prop) => prop !== 'blanket-up') });
    const uncovered = await parts({ ...shadow, props: ['bed'] });
    // Under the blanket: far less of the child shows than of a child on a bed without one.
    expect(down.get('child')!.count).toBeLessThan(uncovered.get('child')!.count * 0.75);
    // Pulled up to the nose: the eyes still show, the mouth and chin do not.
    expect(up.get('face')!.count).toBeGreaterThan(0);
    expect(up.get('face')!.count).toBeLessThan(down.get('face')!.count * 0.75);
    // The toy peeking close by still shows over the blanket.
    expect(up.get('toy')!.count).toBeGreaterThan(0);
  }, 60_000);

  it('the toy that hops onto the pillow stands on the pillow, not beside the bed', async () => {
    const pillowPage = scenes.storybook[7]!; // "hops onto the pillow for a closer look"
    expect(pillowPage.toy?.place).toBe('on-pillow');
    // Framed wide and not mirrored, the pillow lies at x 136–328, its top at y 506 (settings.ts).
    const drawn = await parts({ ...pillowPage, view: 'wide', side: 'left' });
    const mask = drawn.get('toy')!.mask;
    let sumX = 0;
    let count = 0;
    let lowest = 0;
    for (let at = 0; at < mask.length; at++) {
      if (!mask[at]) continue;
      sumX += at % 240;
      count += 1;
      lowest = Math.max(lowest, Math.floor(at / 240));
    }
    const middle = ((sumX / count) * 1000) / 240;
    expect(middle).toBeGreaterThan(136);
    expect(middle).toBeLessThan(328);
    // Its feet above the mattress's top (y 590): on the pillow, not on the floor or the blanket.
    expect((lowest * 1000) / 240).toBeLessThan(590);
  }, 60_000);

  it('no child or toy hides the owl or the hedgehog the words name, in either story, nor in a redraw', async () => {
    const hiding: string[] = [];
    for (const story of ['guardian-friend', 'birthday-adventure'])
      for (const bookType of ['storybook', 'coloring'] as const) {
        const pages = (await loadStory(story, bookType, 'en')).pages;
        for (const [index, page] of pages.entries()) {
          const creatures = page.scene.props.filter((prop) => prop === 'owl' || prop === 'hedgehog');
          if (!creatures.length) continue;
          // The first drawing and the three redraws: where a redraw's composition puts the child
          // before the owl, the child steps aside (clearOfCreatures; the owl was 14–16 % hidden in
          // redraws 2 and 3 of guardian-friend p15 and birthday p16 before).
          for (const variant of [0, 1, 2, 3]) {
            const input = { look: DEFAULT_CHILD_LOOK, toy };
            const scene = variant ? await redrawScene({ ...input, scene: page.scene }, variant) : page.scene;
            const hidden = await propsHiddenByFigures(
              { ...input, scene, variant, style: 'color', size: 240 },
              creatures,
            );
            for (const [prop, share] of Object.entries(hidden))
              if (share > 0.1)
                hiding.push(
                  `${story} ${bookType} ${index + 1} redraw ${variant}: the ${prop} ${Math.round(share * 100)} %`,
                );
          }
        }
      }
    expect(hiding).toEqual([]);
  }, 120_000);
});
