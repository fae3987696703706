import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHILD_LOOK } from '../../../../shared/domain/child-look';
import { DEFAULT_TOY_LOOK } from '../../../../shared/domain/toy-look';
import { listStories } from '../../../stories/catalogue';
import { loadStory } from '../../../stories/story';
import { sceneCompanions } from '../local';
import { type ScenePageInput, sceneSvg } from './index';
import { sceneParts } from './layout-check';
import { WIDE_COMPANIONS } from './sample-cast';

// Issue 35 (docs/decisions/030-siblings.md): where the words put the children in the bath, in bed or
// in the leaf boat ("Splish, splash, bubbles in the bath! {children} wash…", "{children} fall
// asleep", "the leaf boat sails up"), every child of the cast is drawn in it, not standing beside it
// nor in front of it: at least IN_SHARE of each child's visible pixels have the tub's, the blanket's
// or the boat's front (the group `nest-front`) below them in
// their column (a big afro may reach past the tub's end or over the headboard; a child beside the bed
// has none, one standing before it shows its legs and body below the front's top).
const IN_SHARE = 0.75;

const SIZE = 240;
const castOf = (size: number) => sceneCompanions(WIDE_COMPANIONS.slice(0, size - 1), 5);
const stories = listStories().filter((story) => story.bookTypes.includes('storybook'));

async function raster(svg: string, hide?: string): Promise<Buffer> {
  const styled = hide ? svg.replace('>', `><style>${hide}{display:none}</style>`) : svg;
  return sharp(Buffer.from(styled)).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer();
}

/** Per column, the topmost row where the front of the bed or the tub shows (none: SIZE). */
async function frontTops(input: ScenePageInput): Promise<number[]> {
  const svg = sceneSvg({ ...input, style: 'color', size: SIZE });
  const [whole, without] = await Promise.all([raster(svg), raster(svg, '.nest-front')]);
  const tops = new Array<number>(SIZE).fill(SIZE);
  for (let at = 0; at < SIZE * SIZE; at++) {
    const i = at * 3;
    const change = Math.abs(whole[i]! - without[i]!) + Math.abs(whole[i + 1]! - without[i + 1]!);
    const x = at % SIZE;
    if (change > 24) tops[x] = Math.min(tops[x]!, Math.floor(at / SIZE));
  }
  return tops;
}

/** The share of a part's pixels with the front below them in their column. */
function shareInFront(mask: Uint8Array, count: number, tops: number[]): number {
  let above = 0;
  for (let at = 0; at < mask.length; at++)
    if (mask[at] && tops[at % SIZE]! < SIZE && Math.floor(at / SIZE) <= tops[at % SIZE]! + 2) above++;
  return above / count;
}

describe.each(stories)('the bath and the bed of "$id" for a cast', (entry) => {
  it.each([2, 3])(
    'puts every one of %i children in the bath, the bed or the leaf boat with the lead',
    async (size) => {
      const story = await loadStory(entry.id, 'storybook', 'en');
      const nestPages = story.pages.filter(
        (page) =>
          page.scene.child?.place === 'in-bed' ||
          page.scene.child?.place === 'in-bath' ||
          page.scene.child?.place === 'in-boat',
      );
      expect(nestPages.length).toBeGreaterThan(2);
      const outside: string[] = [];
      for (const page of nestPages) {
        const input: ScenePageInput = {
          scene: page.scene,
          style: 'color',
          size: SIZE,
          look: DEFAULT_CHILD_LOOK,
          toy: DEFAULT_TOY_LOOK,
          companions: castOf(size),
        };
        const tops = await frontTops(input);
        const { parts } = await sceneParts(input, SIZE);
        const children = parts.filter((part) => /^child(-\d)?$/.test(part.what));
        expect(children.length, `page ${story.pages.indexOf(page) + 1}`).toBe(size);
        for (const child of children) {
          const share = shareInFront(child.mask, child.count, tops);
          if (share < IN_SHARE)
            outside.push(
              `page ${story.pages.indexOf(page) + 1}: the ${child.what} (${Math.round(share * 100)} % in)`,
            );
        }
      }
      expect(outside).toEqual([]);
    },
    240_000,
  );
});

/** How many pixels hiding `part` changes: what shows of it. */
async function shownPixels(svg: string, part: string, alsoHidden?: string): Promise<number> {
  const [whole, without] = await Promise.all([
    raster(svg, alsoHidden),
    raster(svg, alsoHidden ? `${alsoHidden},${part}` : part),
  ]);
  let count = 0;
  for (let i = 0; i < whole.length; i += 3)
    if (Math.abs(whole[i]! - without[i]!) + Math.abs(whole[i + 1]! - without[i + 1]!) > 24) count++;
  return count;
}

describe('the blanket pulled up to the nose by a cast', () => {
  // Guardian-friend page 7: "{children} pull the blanket right up to their noses" (the words of one
  // child say it of her). Each child's eyes show above the quilt, the mouth and chin are under it:
  // between a quarter and 85 % of each face shows (sat to the chest, 100 % did).
  it.each([2, 3])('covers every one of %i children to the nose, eyes above the quilt', async (size) => {
    const story = await loadStory('guardian-friend', 'storybook', 'en');
    const page = story.pages.find((candidate) => candidate.scene.props.includes('blanket-up'));
    expect(page).toBeDefined();
    const svg = sceneSvg({
      scene: page!.scene,
      style: 'color',
      size: SIZE,
      look: DEFAULT_CHILD_LOOK,
      toy: DEFAULT_TOY_LOOK,
      companions: castOf(size),
    });
    const faces = ['.face', '.face-2', '.face-3'].slice(0, size);
    for (const face of faces) {
      const share = (await shownPixels(svg, face)) / (await shownPixels(svg, face, '.nest-front'));
      expect(share, face).toBeGreaterThan(0.25);
      expect(share, face).toBeLessThan(0.85);
    }
    // Nothing of the cast shows under the bed: legs and held toys stay inside it.
    const { parts } = await sceneParts(
      {
        scene: page!.scene,
        style: 'color',
        look: DEFAULT_CHILD_LOOK,
        toy: DEFAULT_TOY_LOOK,
        companions: castOf(size),
        size: SIZE,
      },
      SIZE,
    );
    const lowest = Math.max(
      ...parts
        .filter((part) => /^(child|toy)-\d$/.test(part.what))
        .map((part) => Math.floor(part.mask.lastIndexOf(1) / SIZE)),
    );
    expect(lowest).toBeLessThan(Math.ceil((745 / 1000) * SIZE) + 1);
  });
});

/** The rows a part's visible pixels span. */
const rowsOf = (mask: Uint8Array) =>
  Math.floor(mask.lastIndexOf(1) / SIZE) - Math.floor(mask.indexOf(1) / SIZE) + 1;

describe('a cast tucked in bed', () => {
  // Issue 35: the quilt reached the smallest child's chin (the head alone showed, her toy under the
  // quilt) while it reached the lead's chest. Every child, whatever their size, shows its shoulders:
  // what shows of it spans at least 1.3 times what shows of its face.
  it('shows every child of three to the chest, the smallest too', async () => {
    const story = await loadStory('guardian-friend', 'storybook', 'en');
    const tucked = story.pages.filter(
      (page) =>
        page.scene.child?.place === 'in-bed' &&
        page.scene.child.pose !== 'standing' &&
        !page.scene.props.includes('blanket-up'),
    );
    expect(tucked.length).toBeGreaterThan(1);
    const low: string[] = [];
    for (const page of tucked) {
      const input = {
        scene: page.scene,
        style: 'color' as const,
        size: SIZE,
        look: DEFAULT_CHILD_LOOK,
        toy: DEFAULT_TOY_LOOK,
        companions: castOf(3),
      };
      const { parts } = await sceneParts(input, SIZE);
      for (const n of ['', '-2', '-3']) {
        const child = parts.find((part) => part.what === `child${n}`);
        const face = parts.find((part) => part.what === `face${n}`);
        if (!child || !face) continue;
        const ratio = rowsOf(child.mask) / rowsOf(face.mask);
        if (ratio < 1.3) low.push(`page ${story.pages.indexOf(page) + 1}: child${n} ${ratio.toFixed(2)}`);
      }
    }
    expect(low).toEqual([]);
  });
});

describe('the balloons tied to the end of a cast’s longer bed', () => {
  // Birthday page 27: "The balloons are tied to the end of the bed". A cast's bed is longer (settings.ts
  // CAST_NEST_EXTRA: 220 for two, 320 for three), so its foot post, and the knot of the balloons'
  // strings tied to it, moves along with it; the bunch leans back inside the page at its edge.
  it.each([
    [1, 0],
    [2, 220],
    [3, 320],
  ])('ties them to the foot post for %i children', async (size, extra) => {
    const page = (await loadStory('birthday-adventure', 'storybook', 'en')).pages.find((candidate) =>
      candidate.text.includes('tied to the end of the bed'),
    )!;
    // Drawn without the characters, which may stand before the knot.
    const drawn = (props: typeof page.scene.props) =>
      raster(
        sceneSvg({
          scene: { ...page.scene, props },
          style: 'color',
          size: SIZE,
          look: DEFAULT_CHILD_LOOK,
          toy: DEFAULT_TOY_LOOK,
          ...(size > 1 ? { companions: castOf(size) } : {}),
        }),
        '.child,.child-2,.child-3,.toy,.toy-2,.toy-3',
      );
    const [whole, without] = await Promise.all([
      drawn(page.scene.props),
      drawn(page.scene.props.filter((prop) => prop !== 'balloons')),
    ]);
    // The knot: the lowest row where the balloons (their strings) show, its middle.
    let knot = { row: -1, sum: 0, count: 0 };
    for (let at = 0; at < SIZE * SIZE; at++) {
      const i = at * 3;
      if (Math.abs(whole[i]! - without[i]!) + Math.abs(whole[i + 1]! - without[i + 1]!) <= 24) continue;
      const row = Math.floor(at / SIZE);
      if (row > knot.row) knot = { row, sum: 0, count: 0 };
      if (row === knot.row) knot = { row, sum: knot.sum + (at % SIZE), count: knot.count + 1 };
    }
    // The foot post's middle (settings.ts bedroom: x 628 + extra, 36 wide), on the page's side of the bed.
    const post = 646 + extra;
    const onPage = page.scene.side === 'right' ? 1000 - post : post;
    expect(Math.abs((knot.sum / knot.count) * (1000 / SIZE) - onPage)).toBeLessThan(30);
    expect(knot.row * (1000 / SIZE)).toBeLessThan(560);
  });
});
