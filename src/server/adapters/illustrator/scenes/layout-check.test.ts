import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHILD_LOOK } from '../../../../shared/domain/child-look';
import { LANGUAGE_CODES } from '../../../../shared/domain/languages';
import { DEFAULT_TOY_LOOK } from '../../../../shared/domain/toy-look';
import { storyPanels } from '../../../print/interior';
import { listStories } from '../../../stories/catalogue';
import type { Scene } from '../../../stories/scene';
import { loadStory, renderStory } from '../../../stories/story';
import { sceneCompanions } from '../local';
import { checkLayout, cutFaces, layoutProblem, type SceneParts, sceneParts } from './layout-check';
import { parseCompanions, WIDE_COMPANIONS } from './sample-cast';
import { COMPOSITIONS, redrawScene } from './variant';

// The layout check of issue 31 over every page of the storybook: the text panel, as the print sets
// it for the page's text with the widest names the shop takes (and short ones), covers no face, no
// more than the feet of the child or the toy, and no prop the text names. The coloring book prints
// its caption under the picture (print/interior.ts LINE_ART_BOX): nothing of its picture is under text.

const NAMES = [
  { child: 'Maximilian Alexander', toy: 'Wolkenschäfchen Bartholomäus' },
  { child: 'Ana', toy: 'Bo' },
];

// A page's drawing is the same in every language and every pair of languages: each scene and
// composition is drawn once for the whole file (the bilingual pairs alone would draw it 12 times).
const drawn = new Map<string, Promise<SceneParts>>();
const partsOf = (scene: Scene, variant = 0) => {
  const key = `${variant}:${JSON.stringify(scene)}`;
  let parts = drawn.get(key);
  if (!parts) {
    parts = drawParts(scene, variant);
    drawn.set(key, parts);
  }
  return parts;
};

// A redraw is another composition: mirrored, framed the other way, or both (scenes/variant.ts); its
// choice draws the page to see whether the other framing fits, so it is asked once per scene too.
const composed = new Map<string, Promise<Scene>>();
const redrawnScene = (scene: Scene, variant: number) => {
  const key = `${variant}:${JSON.stringify(scene)}`;
  let redrawn = composed.get(key);
  if (!redrawn) {
    redrawn = redrawScene({ scene, look: DEFAULT_CHILD_LOOK, toy: DEFAULT_TOY_LOOK }, variant);
    composed.set(key, redrawn);
  }
  return redrawn;
};

const drawParts = async (scene: Scene, variant: number) =>
  sceneParts({
    scene: variant ? await redrawnScene(scene, variant) : scene,
    variant,
    style: 'color',
    size: 240,
    look: DEFAULT_CHILD_LOOK,
    toy: DEFAULT_TOY_LOOK,
  });

describe('the layout check of the story pages', () => {
  let scenes: Scene[] = [];
  const parts: SceneParts[] = [];
  beforeAll(async () => {
    scenes = (await loadStory('guardian-friend', 'storybook', 'en')).pages.map((page) => page.scene);
    for (const scene of scenes) parts.push(await partsOf(scene));
  }, 120_000);

  it('finds the child, the face, the toy and the props the text names in the drawing', () => {
    const found = new Set(parts.flatMap((page) => page.parts.map((part) => part.what)));
    for (const what of [
      'child',
      'face',
      'toy',
      'hedgehog',
      'owl',
      'slippers',
      'lamp',
      'lamp-off',
      'leaf-boat',
    ])
      expect(found).toContain(what);
    // The hedgehog page (English page 17 of the book): the hedgehog shows, not hidden by anything.
    const hedgehog = parts[14]!.parts.find((part) => part.what === 'hedgehog');
    expect(hedgehog?.count).toBeGreaterThan(200);
  });

  it.each(LANGUAGE_CODES)(
    'every page in %s has a place for its text panel that covers nothing, long names or short',
    async (language) => {
      const story = await loadStory('guardian-friend', 'storybook', language);
      const problems: string[] = [];
      for (const names of NAMES) {
        const rendered = renderStory(story, {
          child: { name: names.child, gender: 'female', age: 5 },
          toy: { name: names.toy },
          dedication: { message: '', signature: '' },
          language,
        });
        for (const page of rendered.pages) {
          const verdict = checkLayout(parts[page.position - 1]!, await storyPanels(page.text));
          const problem = layoutProblem(page.position, verdict);
          if (problem) problems.push(`${names.child}: ${problem}`);
        }
      }
      expect(problems).toEqual([]);
    },
    60_000,
  );

  it('puts the panel at the top when the bottom would hide what the text names (the slippers)', async () => {
    const page = scenes.findIndex((scene) => scene.props.includes('slippers'));
    const verdict = checkLayout(
      parts[page]!,
      await storyPanels(
        'Cosy pyjamas, teeth brushed clean, one last cuddle. Maximilian Alexander is ready for bed.',
      ),
    );
    expect(verdict.covers.bottom?.join()).toMatch(/slippers/);
    expect(verdict.place).toBe('top');
  });

  it('refuses a page made to break it: a text so long that its panel reaches the faces', async () => {
    const long = Array.from(
      { length: 14 },
      () => 'Then the toy whispered something very long and kind.',
    ).join(' ');
    const verdict = checkLayout(parts[0]!, await storyPanels(long));
    expect(verdict.place).toBeUndefined();
    expect(layoutProblem(1, verdict)).toMatch(
      /^Page 1 has no room for its text panel: at the bottom .*the face/,
    );
  });

  it('a page without text needs no panel', () => {
    expect(checkLayout(parts[0]!, {}).place).toBe('bottom');
  });
});

// Issue 35: no face is cut by the page's edge (nor within the 3 mm the print trims and a little
// more), the far child of a cast on a close view included.
describe('the layout check of the faces at the page edge', () => {
  it('names a face the edge cuts, and refuses the page', async () => {
    const page = (cx: number) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 1000 1000"><g class="face"><circle cx="${cx}" cy="400" r="80" fill="#c96"/></g><g class="face-2"><circle cx="500" cy="400" r="80" fill="#c96"/></g></svg>`;
    // Half of it beyond the left edge, the rest within the margin; a face touching the right one.
    expect(await cutFaces(page(0))).toEqual(['the face (66 % beyond the edge)']);
    expect((await cutFaces(page(990))).join()).toMatch(/^the face \(\d+ % beyond the edge\)$/);
    expect(await cutFaces(page(120))).toEqual([]);
    const parts = await sceneParts({
      scene: (await loadStory('guardian-friend', 'storybook', 'en')).pages[0]!.scene,
      style: 'color',
      size: 240,
      look: DEFAULT_CHILD_LOOK,
      toy: DEFAULT_TOY_LOOK,
    });
    expect(parts.cut).toBeUndefined();
    expect(layoutProblem(8, checkLayout({ ...parts, cut: ['the face-3 (27 % beyond the edge)'] }, {}))).toBe(
      "Page 8 cuts a face at the page's edge: the face-3 (27 % beyond the edge)",
    );
  });

  // The close views in bed, where the child at the far end was cut (guardian-friend 8 and 28,
  // birthday-adventure 2), with the cast of scripts/book-preview.ts and the widest looks.
  it.each([
    ['guardian-friend', 8],
    ['guardian-friend', 28],
    ['birthday-adventure', 2],
  ] as const)(
    '%s page %i with three children cuts no face',
    async (theme, position) => {
      const scene = (await loadStory(theme, 'storybook', 'en')).pages[position - 1]!.scene;
      for (const cast of [parseCompanions('Leo:male:4,Zoé:female:7+toy'), [...WIDE_COMPANIONS]]) {
        const parts = await sceneParts({
          scene,
          style: 'color',
          size: 240,
          look: DEFAULT_CHILD_LOOK,
          toy: DEFAULT_TOY_LOOK,
          companions: sceneCompanions(cast, 5),
        });
        expect(parts.cut).toBeUndefined();
        expect(parts.parts.map((part) => part.what)).toContain('face-3');
      }
    },
    60_000,
  );
});

// Every other story folder's storybook passes the same check: a new story cannot ship a page whose
// text would hide a face (the print refuses such a page, print-files.ts).
describe.each(
  listStories().filter((story) => story.id !== 'guardian-friend' && story.bookTypes.includes('storybook')),
)('the layout check of the story "$id"', (entry) => {
  it.each(LANGUAGE_CODES)(
    'every page in %s has a place for its text panel that covers nothing, long names or short',
    async (language) => {
      const story = await loadStory(entry.id, 'storybook', language);
      const parts: SceneParts[] = [];
      for (const page of story.pages) parts.push(await partsOf(page.scene));
      const problems: string[] = [];
      for (const names of NAMES) {
        const rendered = renderStory(story, {
          child: { name: names.child, gender: 'male', age: 5 },
          toy: { name: names.toy },
          dedication: { message: '', signature: '' },
          language,
        });
        for (const page of rendered.pages) {
          const verdict = checkLayout(parts[page.position - 1]!, await storyPanels(page.text));
          const problem = layoutProblem(page.position, verdict);
          if (problem) problems.push(`${names.child}: ${problem}`);
        }
      }
      expect(problems).toEqual([]);
    },
    120_000,
  );
});

// The bilingual edition (issue 32, docs/decisions/026-the-bilingual-edition.md): the panel holds the
// page in both languages (the second in italics under the first), taller than one text; every page
// of every story still has a place for it in every pair of languages, with the widest names.
describe.each(listStories().filter((story) => story.bookTypes.includes('storybook')))(
  'the layout check of the bilingual edition of "$id"',
  (entry) => {
    const pairs = LANGUAGE_CODES.flatMap((first) =>
      LANGUAGE_CODES.filter((second) => second !== first).map((second) => [first, second] as const),
    );
    it.each(pairs)(
      'every page in %s with %s under it has a place for its panel that covers nothing',
      async (first, second) => {
        const told = async (language: (typeof LANGUAGE_CODES)[number]) =>
          renderStory(await loadStory(entry.id, 'storybook', language), {
            child: { name: NAMES[0]!.child, gender: 'male', age: 5 },
            toy: { name: NAMES[0]!.toy },
            dedication: { message: '', signature: '' },
            language,
          });
        const [one, two] = [await told(first), await told(second)];
        const problems: string[] = [];
        for (const page of one.pages) {
          const scene = page.scene;
          const secondText = two.pages.find((other) => other.position === page.position)?.text;
          const verdict = checkLayout(
            await partsOf(scene),
            await storyPanels({ text: page.text, secondText }),
          );
          const problem = layoutProblem(page.position, verdict);
          if (problem) problems.push(problem);
        }
        expect(problems).toEqual([]);
      },
      120_000,
    );
  },
);

// "Draw this page again" (issue 36): every redraw's composition (framed the other way, mirrored,
// both) of every page of every story still has a place for its text panel in every language, with
// the widest names: the print and the reader place a kept redraw's panel by its own composition.
describe.each(listStories().filter((story) => story.bookTypes.includes('storybook')))(
  'the layout check of the redrawn pages of "$id"',
  (entry) => {
    const redraws = Array.from({ length: COMPOSITIONS - 1 }, (_, at) => at + 1);
    const parts = new Map<string, SceneParts>();
    beforeAll(async () => {
      const story = await loadStory(entry.id, 'storybook', 'en');
      for (const [index, page] of story.pages.entries())
        for (const variant of redraws)
          parts.set(`${index + 1}:${variant}`, await partsOf(page.scene, variant));
    }, 400_000);

    it.each(LANGUAGE_CODES)(
      'every redraw of every page in %s has a place for its text panel that covers nothing',
      async (language) => {
        const rendered = renderStory(await loadStory(entry.id, 'storybook', language), {
          child: { name: NAMES[0]!.child, gender: 'female', age: 5 },
          toy: { name: NAMES[0]!.toy },
          dedication: { message: '', signature: '' },
          language,
        });
        const problems: string[] = [];
        for (const page of rendered.pages) {
          const panels = await storyPanels(page.text);
          for (const variant of redraws) {
            const verdict = checkLayout(parts.get(`${page.position}:${variant}`)!, panels);
            const problem = layoutProblem(page.position, verdict);
            if (problem) problems.push(`variant ${variant}: ${problem}`);
          }
        }
        expect(problems).toEqual([]);
      },
      60_000,
    );

    // A redraw framed as the first drawing (mirrored, panned, the child moved along the ground or to
    // the middle) shows all that the first one shows: nothing the text names pushed off the page or
    // behind the child (the toy in the boat on guardian-friend 21, the hedgehog on birthday-adventure 8
    // and the owl on 16 were, scenes/variant.ts clearTurn).
    it('every redraw framed as the first drawing shows the parts the first drawing shows', async () => {
      const story = await loadStory(entry.id, 'storybook', 'en');
      const lost: string[] = [];
      for (const [index, page] of story.pages.entries()) {
        const first = await partsOf(page.scene);
        for (const variant of redraws) {
          if ((await redrawnScene(page.scene, variant)).view !== page.scene.view) continue;
          const redrawn = parts.get(`${index + 1}:${variant}`)!;
          for (const part of first.parts) {
            const shown = redrawn.parts.find((other) => other.what === part.what)?.count ?? 0;
            if (shown < part.count * SHOWN)
              lost.push(
                `page ${index + 1} variant ${variant}: the ${part.what} (${Math.round((100 * shown) / part.count)} %)`,
              );
          }
        }
      }
      expect(lost).toEqual([]);
    });
  },
);

/** How much of a part a redraw framed as the first drawing must show (the lamp's foot behind a child). */
const SHOWN = 0.8;
