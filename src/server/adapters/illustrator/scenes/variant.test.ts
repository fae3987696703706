import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHILD_LOOK } from '../../../../shared/domain/child-look';
import { DEFAULT_TOY_LOOK } from '../../../../shared/domain/toy-look';
import { storyPanels } from '../../../print/interior';
import { instanceKeys } from '../../../storage-keys';
import { listStories } from '../../../stories/catalogue';
import type { Scene } from '../../../stories/scene';
import { loadStory } from '../../../stories/story';
import { createLocalIllustrator, sceneCompanions } from '../local';
import { NEARLY_SAME, pictureDifference } from '../picture-difference';
import { renderScenePage } from './index';
import { WIDE_COMPANIONS } from './sample-cast';
import { mirroredScene, pictureVariant, redrawScene, variantScene, WIDEST_PANEL } from './variant';

// "Draw this page again" (issue 36): each redraw of a page is another composition, visibly different
// from the drawings before it (adapters/illustrator/picture-difference.ts measures it as the redraw route does).

const illustrator = createLocalIllustrator({
  photoChecker: {
    hasPerson: async () => ({ ok: true, score: 1 }),
    hasToy: async () => ({ ok: true, score: 1 }),
  },
});

/** A stand-in for the approved covers (the local illustrator draws pages from the scene alone). */
const COVER = Buffer.from('89504e470d0a1a0a', 'hex');

/** The size the redraws of every page are compared at: the measure looks at 64 x 64. */
const SMALL = 160;

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

  it('on every page of every story, each of the three redraws differs from every drawing before it', async () => {
    // Drawn small (the measure compares 64 x 64 pictures): the wide pages that cannot be framed the
    // other way pan the camera or move the child along the ground instead (issue 36).
    const alike: string[] = [];
    for (const story of listStories().filter((entry) => entry.bookTypes.includes('storybook'))) {
      const pages = (await loadStory(story.id, 'storybook', 'en')).pages;
      for (const [index, page] of pages.entries()) {
        const cast = { scene: page.scene, look: DEFAULT_CHILD_LOOK, toy: DEFAULT_TOY_LOOK };
        const pictures: Buffer[] = [];
        for (const variant of [0, 1, 2, 3]) {
          const scene = variant ? await redrawScene(cast, variant) : page.scene;
          pictures.push(await renderScenePage({ ...cast, scene, style: 'color', size: SMALL, variant }));
        }
        for (let later = 1; later < pictures.length; later++)
          for (let earlier = 0; earlier < later; earlier++) {
            const difference = await pictureDifference(pictures[later]!, pictures[earlier]!);
            const label = `${story.id} page ${index + 1}: variant ${later} against ${earlier}`;
            if (difference < NEARLY_SAME) alike.push(`${label}, ${(difference * 100).toFixed(1)} %`);
          }
      }
    }
    expect(alike).toEqual([]);
  }, 60_000);

  it('a cast of two or three is redrawn differently: panned where every child stays in the picture, else in the other order', async () => {
    // The pages whose redraws looked nearly the same as an earlier drawing for a cast. A bedroom
    // pans where a share of the pan keeps every child, face and toy in the picture (scenes/variant.ts
    // castPanFits); where none does (the lamp would leave the page) or the cast turns with its bed
    // or its boat, the children sit in the other order (`reordered`: the lead towards the foot of
    // the bed or at the boat's other end, the companions the other way round). Measured over all 60
    // pages for one, two and three children on 2026-11-29: every redraw >= 2 % from every drawing
    // before it; the whole run costs ~3 min, too much for CI, so these are some of the pages that were
    // not (guardian-friend 4, 29 and birthday 28, 29 are bed pages like 5).
    const pages = [
      ['guardian-friend', 7, 2, 'pan'],
      ['guardian-friend', 7, 3, 'pan'],
      ['guardian-friend', 30, 2, 'pan'],
      ['birthday-adventure', 1, 2, 'pan'],
      ['guardian-friend', 3, 2, 'reordered'],
      ['guardian-friend', 5, 3, 'reordered'],
      ['birthday-adventure', 12, 2, 'reordered'],
    ] as const;
    const alike: string[] = [];
    for (const [story, position, size, how] of pages) {
      const page = (await loadStory(story, 'storybook', 'en')).pages[position - 1]!;
      const companions = sceneCompanions(WIDE_COMPANIONS.slice(0, size - 1), 5);
      const cast = { scene: page.scene, look: DEFAULT_CHILD_LOOK, toy: DEFAULT_TOY_LOOK, companions };
      const pictures: Buffer[] = [];
      for (const variant of [0, 1, 2, 3]) {
        const scene = variant ? await redrawScene(cast, variant) : page.scene;
        if (variant >= 2 && how === 'pan') expect(scene.pan, `${story} ${position} for ${size}`).toBeTruthy();
        if (variant >= 2 && how === 'reordered')
          expect(scene.castOrder, `${story} ${position} for ${size}`).toBe('reversed');
        pictures.push(await renderScenePage({ ...cast, scene, style: 'color', size: SMALL, variant }));
      }
      for (let later = 1; later < pictures.length; later++)
        for (let earlier = 0; earlier < later; earlier++) {
          const difference = await pictureDifference(pictures[later]!, pictures[earlier]!);
          if (difference < NEARLY_SAME) alike.push(`${story} ${position} for ${size}: ${later} ~ ${earlier}`);
        }
    }
    expect(alike).toEqual([]);
  }, 120_000);

  it('the same picture drawn again measures as nearly the same: a redraw of it would be free', async () => {
    const picture = await drawn(scenes[0]!, 0);
    expect(await pictureDifference(picture, await drawn(scenes[0]!, 0))).toBe(0);
    // Variant 4 comes round to the first composition, its details scattered: nearly the same.
    expect(await pictureDifference(picture, await drawn(scenes[0]!, 4))).toBeLessThan(NEARLY_SAME);
  }, 60_000);

  it('a wide page in bed that cannot be framed the other way is panned, every character where it was', async () => {
    // Page 5: asleep in bed, the bear beside him, framed wide (framed close, the text would lose its room).
    const scene = scenes[4]!;
    const [panned, both] = [variantScene(scene, 2, false), variantScene(scene, 3, false)];
    expect(panned).toMatchObject({ view: scene.view, side: scene.side, child: scene.child, toy: scene.toy });
    expect(panned.pan).toBeGreaterThan(0);
    // The mirrored scene pans the other way: the same plain edge of the setting comes into the picture.
    expect(both).toEqual({ ...mirroredScene(scene), pan: -panned.pan! });
    expect(mirroredScene(mirroredScene(panned))).toEqual(panned);
    // A cast's longer bed reaches nearer the page's edge: panned only by the share that was measured
    // to keep everyone in the picture, not at all where none does.
    expect(variantScene(scene, 2, false, 2).pan).toBeUndefined();
    expect(variantScene(scene, 2, false, 2, 0.5).pan).toBe(panned.pan! / 2);
  });

  it('a child in the middle facing us, where the setting cannot be panned, walks to its open side', async () => {
    const party = (await loadStory('birthday-adventure', 'storybook', 'en')).pages[17]!.scene;
    expect(party).toMatchObject({
      setting: 'party-room',
      side: 'right',
      child: { place: 'centre', facing: 'front' },
    });
    const moved = variantScene(party, 2, false);
    expect(moved.child).toEqual({ ...party.child, place: 'left' });
    expect(moved.toy).toEqual(party.toy);
    expect(moved.pan).toBeUndefined();
  });

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
