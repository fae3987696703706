import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHILD_LOOK } from '../../../../shared/domain/child-look';
import { DEFAULT_TOY_LOOK } from '../../../../shared/domain/toy-look';
import type { Scene } from '../../../stories/scene';
import { loadStory } from '../../../stories/story';
import { OUTFIT } from '../characters/palette';
import { sceneSvg } from './index';
import { type SceneParts, sceneParts } from './layout-check';
import { LIGHTS } from './paint';
import { COMPOSITIONS, mayReframe, variantScene } from './variant';

// Each page's scene states the small things its text says (`checks`: the light, the clothes, the
// hour; issue 31), and the drawn page shows them: after "Click! Off goes the light" the lamp is off,
// no T-shirt in the bath, pyjamas at bedtime, the morning's light in the morning.

type Page = { text: string; scene: Scene };

/** What an English text says, and what its scene's check-list must then state. */
const SAID: Array<[RegExp, NonNullable<Scene['checks']>]> = [
  [/off goes the light|lights out/i, { light: 'off' }],
  [/\bbath\b/i, { clothes: 'bath' }],
  [/pyjamas/i, { clothes: 'pyjamas' }],
  [/good morning|breakfast/i, { time: 'morning' }],
  [/sun slips down/i, { time: 'sunset' }],
];

const LAMP_GLOW = '#ffcf70';

/**
 * The first drawing (0) and every redraw's composition (issue 36: mirrored, framed the other way or
 * not, scenes/variant.ts), as [variant, reframed].
 */
const VARIANTS = Array.from({ length: COMPOSITIONS }, (_, variant) => variant).flatMap((variant) =>
  mayReframe(variant) ? [`${variant}`, `${variant}r`] : [`${variant}`],
);
const sceneOf = (scene: Scene, variant: string) =>
  variantScene(scene, Number.parseInt(variant, 10), variant.endsWith('r'));

const drawn = (scene: Scene, variant = '0') =>
  sceneSvg({
    scene: sceneOf(scene, variant),
    variant: Number.parseInt(variant, 10),
    style: 'color',
    size: 200,
    look: DEFAULT_CHILD_LOOK,
    toy: DEFAULT_TOY_LOOK,
  });

/** Share of the child's visible pixels near a colour (the page's tint moves colours a little). */
function childShareNear(parts: SceneParts, hex: string): number {
  const child = parts.parts.find((part) => part.what === 'child');
  if (!child) return 0;
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  let near = 0;
  for (let at = 0; at < child.mask.length; at++) {
    if (!child.mask[at]) continue;
    const i = at * 3;
    const distance =
      Math.abs(parts.image[i]! - r!) +
      Math.abs(parts.image[i + 1]! - g!) +
      Math.abs(parts.image[i + 2]! - b!);
    if (distance < 60) near += 1;
  }
  return near / child.count;
}

describe.each(['storybook', 'coloring'] as const)('the %s scenes follow their check-lists', (bookType) => {
  let pages: Page[] = [];
  beforeAll(async () => {
    pages = (await loadStory('guardian-friend', bookType, 'en')).pages;
  });

  it('every small thing the English text says is on the page’s check-list', () => {
    const missing: string[] = [];
    pages.forEach((page, index) => {
      for (const [said, wanted] of SAID) {
        if (!said.test(page.text)) continue;
        for (const [key, value] of Object.entries(wanted))
          if (page.scene.checks?.[key as keyof typeof wanted] !== value)
            missing.push(`page ${index + 1}: ${key} ${value}`);
      }
    });
    expect(missing).toEqual([]);
  });

  it('once the light is off it stays off in the bedroom until morning', () => {
    const off = pages.findIndex((page) => page.scene.checks?.light === 'off');
    expect(off).toBeGreaterThanOrEqual(0);
    const later = pages
      .slice(off)
      .map((page, at) => ({ page, number: off + at + 1 }))
      .filter(({ page }) => page.scene.setting === 'bedroom' && page.scene.time === 'night')
      .filter(({ page }) => page.scene.checks?.light !== 'off')
      .map(({ number }) => number);
    expect(later).toEqual([]);
  });

  it('the hour of the check-list is the light the page is drawn in', () => {
    const wrong = pages
      .map((page, index) => ({ page, number: index + 1 }))
      .filter(({ page }) => page.scene.checks?.time && page.scene.checks.time !== page.scene.time)
      .map(({ number }) => number);
    expect(wrong).toEqual([]);
    for (const page of pages.filter((p) => p.scene.checks?.time)) {
      const light = LIGHTS[page.scene.checks!.time!];
      // The hour's wash over the whole page, or (morning: none) its walls and sky.
      const colours = light.tint.opacity > 0 ? [light.tint.colour] : [light.wall, light.skyTop];
      for (const variant of VARIANTS) {
        const svg = drawn(page.scene, variant);
        expect(colours.some((colour) => svg.includes(colour))).toBe(true);
      }
    }
  });

  it('the lamp is drawn on or off as the check-list says, in the first drawing and every redraw', () => {
    const wrong: string[] = [];
    pages.forEach((page, index) => {
      const light = page.scene.checks?.light;
      if (!light) return;
      for (const variant of VARIANTS) {
        const svg = drawn(page.scene, variant);
        const lampOn = svg.includes('class="prop-lamp"') || svg.includes(LAMP_GLOW);
        const at = `page ${index + 1} variant ${variant}`;
        if ((light === 'off') === lampOn) wrong.push(`${at}: the lamp is ${lampOn ? 'on' : 'off'}`);
        if (light === 'on' && !svg.includes('class="prop-lamp"')) wrong.push(`${at}: no lamp`);
      }
    });
    expect(wrong).toEqual([]);
  });

  it('the child wears what the check-list says (day clothes, pyjamas, nothing on top in the bath) in every redraw', async () => {
    const wrong: string[] = [];
    for (const [index, page] of pages.entries()) {
      const clothes = page.scene.checks?.clothes;
      // The blanket pulled up to the nose hides what the child wears (settings.ts coverLyingChild).
      if (!clothes || page.scene.props.includes('blanket-up')) continue;
      for (const variant of VARIANTS) {
        const parts = await sceneParts({
          scene: sceneOf(page.scene, variant),
          variant: Number.parseInt(variant, 10),
          style: 'color',
          size: 200,
          look: DEFAULT_CHILD_LOOK,
          toy: DEFAULT_TOY_LOOK,
        });
        const day = childShareNear(parts, OUTFIT.day.top);
        const pyjamas = childShareNear(parts, OUTFIT.pyjamas.top);
        const wears = day > 0.04 ? 'day' : pyjamas > 0.04 ? 'pyjamas' : 'bath';
        if (wears !== clothes)
          wrong.push(`page ${index + 1} variant ${variant}: ${clothes} wanted, ${wears} drawn`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
