import type { TimeOfDay } from '../../../stories/scene';

/**
 * The pen and the paint box of the scenes, in a 1000 x 1000 drawing space. In colour every shape is
 * filled with a flat colour and outlined in the book's ink; in line art every fill turns white and
 * every outline black, so the coloring page is the same drawing without its colours.
 */
export const SPACE = 1000;

/** The book's warm ink, the same as the characters' outline. */
const INK = '#1d1845';

export type Paint = {
  line: boolean;
  /** A fill colour, or white in line art. */
  f: (colour: string) => string;
  /** Outline attributes for a shape of this weight (1 = normal). */
  s: (weight?: number) => string;
  /** A shape with its fill and outline. */
  shape: (tag: string, attributes: string, colour: string, weight?: number) => string;
  /** A detail that only the colour page shows (texture, glints): line art keeps its regions big. */
  colourOnly: (svg: string) => string;
  /** A detail drawn as a plain line (no fill), in both styles. */
  stroke: (d: string, weight?: number, colour?: string) => string;
};

export function paintFor(line: boolean): Paint {
  const width = (weight = 1) => (line ? 4.2 * weight : 2.6 * weight);
  const s = (weight = 1) =>
    weight === 0
      ? 'stroke="none"'
      : `stroke="${line ? '#000' : INK}" stroke-width="${width(weight).toFixed(1)}" stroke-linejoin="round" stroke-linecap="round"`;
  const f = (colour: string) => (line ? '#fff' : colour);
  return {
    line,
    f,
    s,
    shape: (tag, attributes, colour, weight = 1) =>
      `<${tag} ${attributes} fill="${f(colour)}" ${s(weight)}/>`,
    colourOnly: (svg) => (line ? '' : svg),
    stroke: (d, weight = 1, colour = INK) =>
      `<path d="${d}" fill="none" stroke="${line ? '#000' : colour}" stroke-width="${width(weight).toFixed(1)}" stroke-linecap="round" stroke-linejoin="round"/>`,
  };
}

/** The light of each time of day: what the sky, the walls and the ground look like, and the tint over all. */
export type Light = {
  skyTop: string;
  skyLow: string;
  wall: string;
  wallLow: string;
  floor: string;
  grass: string;
  grassFar: string;
  water: string;
  tree: string;
  trunk: string;
  cloud: string;
  /** A wash over the whole picture (characters included), so they stand in the same light. */
  tint: { colour: string; opacity: number };
  /** What hangs in the sky through a window or outdoors. */
  sky: 'sun-low' | 'sun' | 'moon' | 'dusk';
};

export const LIGHTS: Record<TimeOfDay, Light> = {
  sunset: {
    skyTop: '#f08a5d',
    skyLow: '#ffd98a',
    wall: '#f6d3ad',
    wallLow: '#edbf95',
    floor: '#c98d62',
    grass: '#9dbb62',
    grassFar: '#c7a35c',
    water: '#f2a66f',
    tree: '#6f9b58',
    trunk: '#7d5238',
    cloud: '#ffe2c2',
    tint: { colour: '#ff9040', opacity: 0.1 },
    sky: 'sun-low',
  },
  evening: {
    skyTop: '#3f4f9e',
    skyLow: '#e59aa8',
    wall: '#f1dcc1',
    wallLow: '#e3c6a3',
    floor: '#b88660',
    grass: '#6d9a63',
    grassFar: '#5d7f72',
    water: '#7f86c2',
    tree: '#4e7a5c',
    trunk: '#6b4a3a',
    cloud: '#f4c7cf',
    tint: { colour: '#ffb15c', opacity: 0.08 },
    sky: 'dusk',
  },
  // A storybook night: clear blues and violets lit by the moon and warm lamps, never a dark wash.
  night: {
    skyTop: '#28306f',
    skyLow: '#6f5fae',
    wall: '#8a8fd0',
    wallLow: '#7478bd',
    floor: '#6a5f9e',
    grass: '#3f7f7a',
    grassFar: '#5a6fa8',
    water: '#4a6fc0',
    tree: '#2f6b6a',
    trunk: '#5a4768',
    cloud: '#dcd8f6',
    tint: { colour: '#3b2a8a', opacity: 0.06 },
    sky: 'moon',
  },
  dawn: {
    skyTop: '#8ea5da',
    skyLow: '#ffcaa6',
    wall: '#efd9cc',
    wallLow: '#e2c4b4',
    floor: '#b9896a',
    grass: '#86b071',
    grassFar: '#9fb59a',
    water: '#a9b8e4',
    tree: '#5f8f66',
    trunk: '#6e5042',
    cloud: '#ffe6d8',
    tint: { colour: '#ffb38a', opacity: 0.06 },
    sky: 'sun-low',
  },
  morning: {
    skyTop: '#7fc6f5',
    skyLow: '#e2f5ff',
    wall: '#fff0d2',
    wallLow: '#f6dfb4',
    floor: '#d5a274',
    grass: '#8fcf6a',
    grassFar: '#b6dc8a',
    water: '#7cc4ea',
    tree: '#5ea85a',
    trunk: '#8a5c3b',
    cloud: '#ffffff',
    tint: { colour: '#fff6d0', opacity: 0 },
    sky: 'sun',
  },
  // A birthday afternoon: the morning's clear sky, a little warmer.
  afternoon: {
    skyTop: '#6fbdf0',
    skyLow: '#fbeed2',
    wall: '#fde8c8',
    wallLow: '#f3d5a8',
    floor: '#cf9a6c',
    grass: '#86c462',
    grassFar: '#aed07e',
    water: '#6fbbe6',
    tree: '#58a052',
    trunk: '#8a5c3b',
    cloud: '#ffffff',
    tint: { colour: '#ffd38a', opacity: 0.05 },
    sky: 'sun',
  },
};

/** The hour's wash: a colour laid over the whole picture at an opacity. */
export type Tint = Light['tint'];

const hexChannels = (hex: string): number[] => {
  const digits =
    hex.length === 4 ? [...hex.slice(1)].map((d) => d + d) : [1, 3, 5].map((at) => hex.slice(at, at + 2));
  return digits.map((pair) => Number.parseInt(pair, 16));
};

/** A colour as the tint laid over it shows it (`#rgb` or `#rrggbb`, out as `#rrggbb`). */
export function underTint(colour: string, tint: Tint): string {
  const [r0, g0, b0] = hexChannels(colour);
  const over = hexChannels(tint.colour);
  return `#${[r0!, g0!, b0!]
    .map((channel, at) => Math.round(channel * (1 - tint.opacity) + over[at]! * tint.opacity))
    .map((channel) => channel.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** The colour attributes of a drawing: fills, outlines, gradient stops. */
const COLOUR_ATTRIBUTE =
  /\b(fill|stroke|stop-color|flood-color|lighting-color)="(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})"/g;

/**
 * A drawing in the colours the tint over it would give (issue 31): the glows are drawn under the
 * characters, so the wash that lay over the whole page is baked into what is drawn over the glows.
 * Exact, semi-transparent shapes too: the tint and alpha blending are both weighted averages, so
 * tinting the colours over an already tinted page gives the same pixels as tinting the whole page.
 */
export function tintedSvg(svg: string, tint: Tint): string {
  if (tint.opacity === 0) return svg;
  return svg.replace(
    COLOUR_ATTRIBUTE,
    (_, name: string, colour: string) => `${name}="${underTint(colour, tint)}"`,
  );
}

/** A small deterministic random source: the same scene gives the same stars and leaves. */
export function randomFrom(seed: string): () => number {
  let h = 2166136261;
  for (const char of seed) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const r = (value: number) => Math.round(value * 10) / 10;
