import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHILD_LOOK } from '../../../../shared/domain/child-look';
import { DEFAULT_TOY_LOOK } from '../../../../shared/domain/toy-look';
import { NEARLY_SAME, pictureDifference } from '../../../book/picture-difference';
import { storyPanels } from '../../../print/interior';
import { instanceKeys } from '../../../storage-keys';
import type { Scene } from '../../../stories/scene';
import { loadStory } from '../../../stories/story';
import { createLocalIllustrator } from '../local';
import { mirroredScene, pictureVariant, WIDEST_PANEL } from './variant';

// "Draw this page again" (issue 36): each redraw of a page is another composition, visibly different
// from the drawings before it (book/picture-difference.ts measures it as the redraw route does).

const illustrator = createLocalIllustrator({
  photoChecker: {
    hasPerson: async () => ({ ok: true, score: 1 }),
    hasToy: async () => ({ ok: true, score: 1 }),
  },
});

/** A stand-in for the approved covers (the local illustrator draws pages from the scene alone). */
const COVER = Buffer.from('89504e470d0a1a0a', 'hex');

async function drawn(scene: Scene, variant: number): Promise<Buffer> {
  const result = await illustrator.illustratePage({
    heroCover: COVER,
    toyCover: COVER,
    scene,
    child: { look: DEFAULT_CHILD_LOOK },
    toy: { look: DEFAULT_TOY_LOOK },
    style: 'color',
    pageNumber: 1,
    size: 256,
    language: 'en',
    variant,
  });
  if (!result.ok) throw new Error(result.message);
  return result.image;
}

describe('a redrawn page', () => {
  let scenes: Scene[] = [];
  beforeAll(async () => {
    scenes = (await loadStory('guardian-friend', 'storybook', 'en')).pages.map((page) => page.scene);
  });

  it('the first redraw of every page is the scene mirrored, visibly different from the first drawing', async () => {
    const alike: string[] = [];
    for (const [index, scene] of scenes.entries()) {
      if (index % 3 !== 0) continue;
      const difference = await pictureDifference(await drawn(scene, 0), await drawn(scene, 1));
      if (difference < NEARLY_SAME) alike.push(`page ${index + 1}: ${(difference * 100).toFixed(1)} %`);
    }
    expect(alike).toEqual([]);
  }, 120_000);

  it('where the other framing leaves the text its room, each of three redraws differs from every drawing before it', async () => {
    // Pages 4 (the bedroom, close) and 12 (the window, close): framed wide, the panel keeps its room.
    for (const index of [3, 11]) {
      const pictures: Buffer[] = [];
      for (const variant of [0, 1, 2, 3]) pictures.push(await drawn(scenes[index]!, variant));
      for (let later = 1; later < pictures.length; later++)
        for (let earlier = 0; earlier < later; earlier++)
          expect(await pictureDifference(pictures[later]!, pictures[earlier]!)).toBeGreaterThan(NEARLY_SAME);
    }
  }, 120_000);

  it('the same picture drawn again measures as nearly the same: a redraw of it would be free', async () => {
    const picture = await drawn(scenes[0]!, 0);
    expect(await pictureDifference(picture, await drawn(scenes[0]!, 0))).toBe(0);
    // Variant 4 comes round to the first composition, its details scattered: nearly the same.
    expect(await pictureDifference(picture, await drawn(scenes[0]!, 4))).toBeLessThan(NEARLY_SAME);
  }, 60_000);

  it('mirroring turns the setting and the characters, and keeps what the text says', () => {
    const scene = scenes.find(
      (candidate) => candidate.child?.place === 'left' || candidate.toy?.place === 'left',
    )!;
    const mirrored = mirroredScene(scene);
    expect(mirrored.side).not.toBe(scene.side);
    expect(mirrored).toMatchObject({ time: scene.time, props: scene.props, setting: scene.setting });
    expect(mirrored.child?.outfit).toBe(scene.child?.outfit);
    expect(mirroredScene(mirrored)).toEqual(scene);
  });
});

describe('what a redraw is known by', () => {
  it('its key says its variant (the first drawing is variant 0)', () => {
    const keys = instanceKeys('3f1e2a9c-0000-4000-8000-000000000001');
    expect(pictureVariant(keys.page(3, 'png'))).toBe(0);
    expect(pictureVariant(keys.pageVariant(3, 2, 'png'))).toBe(2);
    expect(pictureVariant(keys.pageVariant(3, 3, 'jpg'))).toBe(3);
  });

  it('the widest panel the room is measured with is the widest the print sets', async () => {
    const long =
      'A tall shadow stretches across the wall. Is it a giant? Maximilian Alexander pulls the blanket. ';
    const panels = await storyPanels(long.repeat(3));
    expect(panels.bottom!.width).toBeLessThanOrEqual(WIDEST_PANEL.width + 0.001);
    expect(panels.bottom!.left).toBeGreaterThanOrEqual(WIDEST_PANEL.left - 0.001);
    expect(panels.bottom!.top + panels.bottom!.height).toBeCloseTo(WIDEST_PANEL.foot, 3);
    expect(panels.top!.top).toBeCloseTo(WIDEST_PANEL.head, 3);
  });
});
