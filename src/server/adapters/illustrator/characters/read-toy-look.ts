import sharp from 'sharp';
import { TOY_COLOURS, type ToyColour, type ToyLook } from '../../../../shared/domain/toy-look';
import { floodFromBorder } from './flood';

/**
 * The toy's colours read from its photo, where the photo allows it (docs/decisions/021-the-toy-drawn.md):
 * the toy is the one region standing out from a plain background near the middle (the background
 * floods in from the borders); its two commonest colours, matched to the toys' palette, are the main
 * and the second colour. A busy, dark or crowded photo (no clear region, a second object as large,
 * too little light) gives nothing: the wizard asks the parent to choose, never a blob's colour.
 * Colour only, no model: about 30 ms a photo.
 */

/** Photos above this many pixels are refused before decoding (decompression bombs). */
const MAX_INPUT_PIXELS = 50_000_000;
/** The analysis size: enough for a silhouette, small enough to flood in a few milliseconds. */
const ANALYSIS = 256;

/** When a photo is read, and when it is not (measured on the test photos, toy-look.test.ts). */
export const TOY_READING = {
  /** The toy covers between this share of the photo… */
  minFraction: 0.06,
  /** … and this one (more: the background did not flood, a busy photo or a close-up of fur). */
  maxFraction: 0.8,
  /** A second region this large beside the toy: several objects. */
  maxRunnerUp: 0.35,
  /** Its centre at most this far from the photo's middle (fractions of the side). */
  maxOffCentre: 0.25,
  /** Mean brightness (0..255) of the photo below which it is too dark to tell colours. */
  minBrightness: 55,
  /**
   * The commonest colour covers at least `minMainShare` of the region and the two commonest
   * `minTopTwoShare`: a plush is a few flat colours; people, clothes and a room are many (the
   * test teddy reads 0.65 and 0.95; the face-api sample group photos 0.34 and 0.6 to 0.66).
   */
  minMainShare: 0.4,
  minTopTwoShare: 0.7,
  /** A second colour needs this share of the toy; else the second is chosen to go with the main. */
  minSecondShare: 0.1,
  /**
   * The region may run along at most this many sides of the photo (on at least `sideContact` of a
   * side's length): a toy on a plain background touches one side, where it sits; a region along
   * three or four is the toy glued to a busy background that did not flood (issue 30: a toy held up
   * in a street read as orange with the street's yellow as its second colour).
   */
  maxSidesTouched: 2,
  sideContact: 0.05,
  /**
   * The main colour covers at least this share of the toy's heart (its region's pixels within
   * `heart` of a side around the region's centre): a toy glued to the street blocks beside it may
   * take a block's colour as its commonest, which its heart does not show (issue 30: 7 of 120 busy
   * street photos read a brown bear as orange, its heart 0.01 to 0.07 orange; a bear read right
   * shows its main colour over 0.45 to 0.64 of its heart).
   */
  minHeartShare: 0.2,
  /**
   * A second colour shows over at least this share of the heart (a bear's muzzle and tummy 0.16 to
   * 0.37 of it; the street's yellow, green or blue read as a busy photo's second colour 0 to 0.11).
   */
  minSecondHeartShare: 0.12,
  heart: 0.15,
} as const;

/** How many sides of the photo a region runs along (`TOY_READING.sideContact` of the side or more). */
function sidesTouched(mask: Uint8Array, width: number, height: number): number {
  const share = (indices: number[]) => indices.filter((i) => mask[i]).length / indices.length;
  const top = Array.from({ length: width }, (_, x) => x);
  const left = Array.from({ length: height }, (_, y) => y * width);
  const sides = [top, top.map((x) => (height - 1) * width + x), left, left.map((i) => i + width - 1)];
  return sides.filter((side) => share(side) >= TOY_READING.sideContact).length;
}

type Rgb = [number, number, number];

const dist2 = (a: Rgb, b: Rgb) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;

/** k-means on colours, seeded by brightness quantiles so the result does not depend on chance. */
function kmeans(pixels: Rgb[], k: number, rounds = 8): Rgb[] {
  if (pixels.length === 0) return [[128, 128, 128]];
  const sorted = [...pixels].sort((a, b) => a[0] + a[1] + a[2] - (b[0] + b[1] + b[2]));
  let centres: Rgb[] = Array.from(
    { length: k },
    (_, i) => [...sorted[Math.floor(((i + 0.5) * sorted.length) / k)]!] as Rgb,
  );
  for (let round = 0; round < rounds; round++) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (const px of pixels) {
      const s = sums[nearest(px, centres)]!;
      s[0]! += px[0];
      s[1]! += px[1];
      s[2]! += px[2];
      s[3]! += 1;
    }
    centres = centres.map((c, i) => {
      const s = sums[i]!;
      return s[3]! > 0 ? [s[0]! / s[3]!, s[1]! / s[3]!, s[2]! / s[3]!] : c;
    });
  }
  return centres;
}

function nearest(px: Rgb, centres: Rgb[]): number {
  let best = 0;
  let bestD = Infinity;
  for (let c = 0; c < centres.length; c++) {
    const d = dist2(px, centres[c]!);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}

/**
 * The toy's region at analysis size (1 = toy): background floods in from the borders through pixels
 * close to the border's own colours; the largest remaining region near the centre is the toy. With
 * the share of the photo it covers, the next largest region's and the background's.
 */
export function toyRegion(
  rgb: Buffer,
  width: number,
  height: number,
): { mask: Uint8Array; fraction: number; runnerUp: number; background: number } {
  const n = width * height;
  const at = (i: number): Rgb => [rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!];
  // The background's colours: those found along at least two sides of the photo (a toy often
  // touches one edge, seldom two opposite ones).
  const sides: Rgb[][] = [[], [], [], []];
  const ring = Math.max(2, Math.round(Math.min(width, height) * 0.03));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (y < ring) sides[0]!.push(at(i));
      if (y >= height - ring) sides[1]!.push(at(i));
      if (x < ring) sides[2]!.push(at(i));
      if (x >= width - ring) sides[3]!.push(at(i));
    }
  const candidates = kmeans(sides.flat(), 8);
  const palette = candidates.filter((c) => {
    let present = 0;
    for (const side of sides) {
      const close = side.filter((px) => nearest(px, candidates) === candidates.indexOf(c)).length;
      if (close >= side.length * 0.04) present++;
    }
    return present >= 2;
  });
  const near = (i: number) => {
    const px = at(i);
    return palette.some((c) => dist2(px, c) < 30 * 30);
  };
  // Flood from the borders (4-connected) through background-coloured pixels.
  const background = floodFromBorder(width, height, near);
  const stack: number[] = [];
  // Components of what is left; keep the biggest, weighted towards the centre of the photo.
  const label = new Int32Array(n).fill(-1);
  let best = -1;
  let bestScore = 0;
  const sizes: number[] = [];
  for (let start = 0; start < n; start++) {
    if (background[start] || label[start] !== -1) continue;
    const id = sizes.length;
    let size = 0;
    let sx = 0;
    let sy = 0;
    stack.push(start);
    label[start] = id;
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      size++;
      sx += x;
      sy += y;
      const next = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width];
      for (const j of next) {
        if (j < 0 || j >= n || background[j] || label[j] !== -1) continue;
        label[j] = id;
        stack.push(j);
      }
    }
    sizes.push(size);
    const dx = sx / size / width - 0.5;
    const dy = sy / size / height - 0.5;
    const score = size * (1 - Math.min(0.8, Math.hypot(dx, dy)));
    if (score > bestScore) {
      bestScore = score;
      best = id;
    }
  }
  // The second-largest region: a second object beside the toy (or the toy in pieces).
  let runnerUp = 0;
  for (let id = 0; id < sizes.length; id++) if (id !== best && sizes[id]! > runnerUp) runnerUp = sizes[id]!;
  const mask = new Uint8Array(n);
  for (let i = 0; i < n; i++) mask[i] = best >= 0 && label[i] === best ? 1 : 0;
  const bestSize = best >= 0 ? sizes[best]! : 0;
  return {
    mask,
    fraction: bestSize / n,
    runnerUp: runnerUp / n,
    background: background.reduce((s, v) => s + v, 0) / n,
  };
}

/** The palette colour nearest to a photo colour (in a perceptual-ish weighting of RGB). */
export function nearestToyColour(rgb: Rgb): ToyColour {
  let best: ToyColour = 'brown';
  let bestD = Infinity;
  for (const [id, colour] of Object.entries(TOY_COLOURS) as [ToyColour, (typeof TOY_COLOURS)[ToyColour]][]) {
    const [r, g, b] = colour.photo;
    const mr = (rgb[0] + r) / 2;
    // The "redmean" weighting: close to a perceptual distance at the cost of one line.
    const d =
      (2 + mr / 256) * (rgb[0] - r) ** 2 + 4 * (rgb[1] - g) ** 2 + (2 + (255 - mr) / 256) * (rgb[2] - b) ** 2;
    if (d < bestD) {
      bestD = d;
      best = id;
    }
  }
  return best;
}

/**
 * The palette colours of the toy's heart (its pixels within `TOY_READING.heart` of a side around the
 * region's centre), pixel by pixel: a k-means cluster may mix the fur with a street block's colour.
 */
function heartColours(toy: {
  inside: Rgb[];
  insideAt: number[];
  width: number;
  height: number;
  /** The region's centre, in pixels. */
  centre: { x: number; y: number };
}): ToyColour[] {
  const { inside, insideAt, width, height, centre } = toy;
  const colours: ToyColour[] = [];
  insideAt.forEach((i, k) => {
    if (Math.abs((i % width) - centre.x) > TOY_READING.heart * width) return;
    if (Math.abs(Math.floor(i / width) - centre.y) > TOY_READING.heart * height) return;
    colours.push(nearestToyColour(inside[k]!));
  });
  return colours;
}

/** A second colour that goes with a main one when the photo shows only one. */
const PARTNER: Partial<Record<ToyColour, ToyColour>> = { white: 'pink', cream: 'brown', black: 'white' };

export type ToyReading =
  | { ok: true; colours: Pick<ToyLook, 'main' | 'second'>; measures: Record<string, number> }
  | {
      ok: false;
      reason: 'undecodable' | 'dark' | 'no-toy' | 'busy' | 'several' | 'off-centre';
      measures: Record<string, number>;
    };

/** Reads the toy's main and second colours off its photo, or says why it cannot. */
export async function readToyColours(photo: Buffer): Promise<ToyReading> {
  let small: { data: Buffer; info: { width: number; height: number } };
  try {
    const decoded = await sharp(photo, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .resize(ANALYSIS, ANALYSIS, { fit: 'inside' })
      .removeAlpha()
      .png()
      .toBuffer();
    // The median removes grain and fur texture without blurring the toy's edges.
    small = await sharp(decoded).median(5).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  } catch {
    return { ok: false, reason: 'undecodable', measures: {} };
  }
  const { width, height } = small.info;
  const n = width * height;
  let light = 0;
  for (let i = 0; i < n; i++)
    light += (small.data[i * 3]! + small.data[i * 3 + 1]! + small.data[i * 3 + 2]!) / 3;
  const brightness = light / n;
  if (brightness < TOY_READING.minBrightness) return { ok: false, reason: 'dark', measures: { brightness } };
  const region = toyRegion(small.data, width, height);
  let sx = 0;
  let sy = 0;
  const inside: Rgb[] = [];
  const insideAt: number[] = [];
  for (let i = 0; i < n; i++) {
    if (!region.mask[i]) continue;
    sx += i % width;
    sy += Math.floor(i / width);
    inside.push([small.data[i * 3]!, small.data[i * 3 + 1]!, small.data[i * 3 + 2]!]);
    insideAt.push(i);
  }
  const offCentre = inside.length
    ? Math.hypot(sx / inside.length / width - 0.5, sy / inside.length / height - 0.5)
    : 1;
  const measures = {
    brightness: Math.round(brightness),
    fraction: Math.round(region.fraction * 1000) / 1000,
    runnerUp: Math.round(region.runnerUp * 1000) / 1000,
    offCentre: Math.round(offCentre * 1000) / 1000,
    sides: sidesTouched(region.mask, width, height),
  };
  if (region.fraction < TOY_READING.minFraction) return { ok: false, reason: 'no-toy', measures };
  if (region.fraction > TOY_READING.maxFraction || measures.sides > TOY_READING.maxSidesTouched)
    return { ok: false, reason: 'busy', measures };
  if (region.runnerUp > TOY_READING.maxRunnerUp * region.fraction)
    return { ok: false, reason: 'several', measures };
  if (offCentre > TOY_READING.maxOffCentre) return { ok: false, reason: 'off-centre', measures };

  // The toy's colours: k-means, the clusters by size; each matched to the palette.
  const centres = kmeans(inside, 4);
  const counts = centres.map(() => 0);
  for (const px of inside) counts[nearest(px, centres)]!++;
  const ranked = centres
    .map((centre, i) => ({ colour: nearestToyColour(centre), share: counts[i]! / inside.length }))
    .sort((a, b) => b.share - a.share);
  // Clusters that land on the same palette colour count together.
  const shares = new Map<ToyColour, number>();
  for (const { colour, share } of ranked) shares.set(colour, (shares.get(colour) ?? 0) + share);
  const [main, ...others] = [...shares.entries()].sort((a, b) => b[1] - a[1]);
  const topTwo = main![1] + (others[0]?.[1] ?? 0);
  if (main![1] < TOY_READING.minMainShare || topTwo < TOY_READING.minTopTwoShare)
    return { ok: false, reason: 'busy', measures: { ...measures, topTwo: Math.round(topTwo * 100) / 100 } };
  const mainColour = main![0];
  const centre = { x: sx / inside.length, y: sy / inside.length };
  const heart = heartColours({ inside, insideAt, width, height, centre });
  const atHeart = (colour: ToyColour) =>
    heart.length > 0 ? heart.filter((c) => c === colour).length / heart.length : 0;
  const mainAtHeart = atHeart(mainColour);
  if (mainAtHeart < TOY_READING.minHeartShare)
    return {
      ok: false,
      reason: 'busy',
      measures: { ...measures, heart: Math.round(mainAtHeart * 100) / 100 },
    };
  const second = others.find(
    ([colour, share]) =>
      share >= TOY_READING.minSecondShare && atHeart(colour) >= TOY_READING.minSecondHeartShare,
  )?.[0];
  return {
    ok: true,
    colours: { main: mainColour, second: second ?? PARTNER[mainColour] ?? 'cream' },
    measures: { ...measures, mainShare: Math.round(main![1] * 100) / 100 },
  };
}
