import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHILD_LOOK } from '../../../../shared/domain/child-look';
import { DEFAULT_TOY_LOOK } from '../../../../shared/domain/toy-look';
import type { Scene } from '../../../stories/scene';
import { loadStory } from '../../../stories/story';
import { OUTFIT } from '../characters/palette';
import { sceneSvg } from './index';
import { sceneParts } from './layout-check';
import { LIGHTS, underTint } from './paint';

// Issue 31: a glow (the moon's light, a glowing mushroom, the fireflies, the toy's magic) lights the
// room behind the child and the toy, never the figures themselves: drawn over them it made them look
// see-through. Each page is drawn with its glows and without them; the figures' pixels must not move.

/** The settings' glows switched off for the drawing "without" (the toy's magic: its `sparkles` prop). */
const glows = vi.hoisted(() => ({ off: false }));
vi.mock('./settings', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./settings')>();
  return {
    ...actual,
    drawSetting: (...args: Parameters<typeof actual.drawSetting>) => {
      const art = actual.drawSetting(...args);
      return glows.off ? { ...art, glow: '' } : art;
    },
    // The little stars of the toy's magic are drawn over the toy on purpose: left out of both drawings.
    sparkles: () => '',
  };
});

const SIZE = 240;
/** A pixel lit by a glow: the faintest glow (the moon's outer halo) moves a light colour by about 20. */
const CHANGED = 9;

const input = (scene: Scene) => ({
  scene,
  style: 'color' as const,
  size: SIZE,
  look: DEFAULT_CHILD_LOOK,
  toy: DEFAULT_TOY_LOOK,
});

async function raster(scene: Scene): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(input(scene))))
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer();
}

/**
 * How much of each figure the glows lighten: the share of its pixels that change (by more than
 * CHANGED, of 255 summed over RGB) between the page and the page without its glows.
 */
async function glowOnFigures(scene: Scene): Promise<Record<string, number>> {
  const parts = await sceneParts(input(scene), SIZE);
  const lit = await raster(scene);
  glows.off = true;
  const withoutMagic = { ...scene, props: scene.props.filter((prop) => prop !== 'sparkles') };
  const dark = await raster(withoutMagic).finally(() => {
    glows.off = false;
  });
  // The drawing without glows must differ (the mock took): else every figure would pass unlit.
  let roomLit = 0;
  for (let at = 0; at < lit.length; at += 3) {
    if (
      Math.abs(lit[at]! - dark[at]!) +
        Math.abs(lit[at + 1]! - dark[at + 1]!) +
        Math.abs(lit[at + 2]! - dark[at + 2]!) >
      CHANGED
    )
      roomLit += 1;
  }
  expect(roomLit / (lit.length / 3), 'share of the page the glows light').toBeGreaterThan(0.01);
  const change: Record<string, number> = {};
  for (const part of parts.parts.filter((p) => p.what === 'child' || p.what === 'toy')) {
    let changed = 0;
    for (let at = 0; at < part.mask.length; at++) {
      if (!part.mask[at]) continue;
      let sum = 0;
      for (let channel = 0; channel < 3; channel++)
        sum += Math.abs(lit[at * 3 + channel]! - dark[at * 3 + channel]!);
      if (sum > CHANGED) changed += 1;
    }
    change[part.what] = Math.round((changed / part.count) * 1000) / 10;
  }
  return change;
}

describe('glows light the room behind the figures, not the figures (issue 31)', () => {
  let pages: Array<{ scene: Scene }> = [];
  beforeAll(async () => {
    pages = (await loadStory('guardian-friend', 'storybook', 'en')).pages;
  });

  it.each([
    [6, 'the toy’s magic around the toy in bed'],
    [14, 'the moon’s halo over the child’s head in the garden'],
    [17, 'the glowing mushrooms at the child’s and the toy’s feet'],
    [19, 'the fireflies around the child reaching for them'],
    [29, 'the moonlight from the window over the toy and the bed'],
  ])('page %i: %s leaves the child and the toy their own colours', async (number) => {
    const change = await glowOnFigures(pages[number - 1]!.scene);
    expect(Object.keys(change).sort()).toEqual(['child', 'toy']);
    // Only the anti-aliased edge pixels, half figure and half lit room, may change (up to 2.8 %). With
    // the glows drawn over the figures: the child 23 % and the toy 70 % on page 6, the child's hair 6 %
    // on 14, 24 and 56 % on 17, 10 and 10 % on 19, the toy 35 % on 29.
    for (const [what, share] of Object.entries(change)) expect(share, what).toBeLessThan(4);
  });

  it('the figures keep the night’s tint: the pyjamas in the colour the wash gave them', async () => {
    const scene = pages[28]!.scene;
    const parts = await sceneParts(input(scene), SIZE);
    const child = parts.parts.find((part) => part.what === 'child')!;
    const wanted = underTint(OUTFIT.pyjamas.top, LIGHTS.night.tint);
    const untinted = OUTFIT.pyjamas.top;
    const near = (hex: string) => {
      const rgb = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
      let count = 0;
      for (let at = 0; at < child.mask.length; at++) {
        if (!child.mask[at]) continue;
        if (rgb.every((value, channel) => Math.abs(parts.image[at * 3 + channel]! - value) <= 2)) count += 1;
      }
      return count / child.count;
    };
    expect(near(wanted)).toBeGreaterThan(0.1);
    expect(near(untinted)).toBe(0);
  });
});
