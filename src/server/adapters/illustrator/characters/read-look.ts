import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config, Human } from '@vladmandic/human';
import sharp from 'sharp';
import {
  type ChildLook,
  CLOTHES_COLOURS,
  type ClothesColour,
  DEFAULT_CHILD_LOOK,
  type EyeColor,
  type HairColor,
  type HairStyle,
  type LookPart,
  READ_LOOK_PARTS,
  type SkinTone,
} from '../../../../shared/domain/child-look';
import { SERVER_SOURCE } from '../../../paths';
import { faceModules, HUMAN_BASE, loadHuman } from '../photo-check';
import { EYES, HAIR, SKIN } from './palette';

/**
 * Reads the child's look off the photo, on this machine: the face mesh (shipped in
 * `@vladmandic/human`) finds cheeks, irises and the face outline; the MediaPipe selfie segmentation
 * model (models/selfie, Apache-2.0) cuts the child out so hair is sampled on the child, not on the
 * sofa behind. Samples are matched to the nearest palette entry. On any failure the default look:
 * the parent adjusts every part in wizard step 2. The photo is only read, never kept or drawn.
 */

/** Longest side the models see: the mesh works on a 256 px face crop, the cut-out at 256 px. */
const READ_SIZE = 640;
const MAX_INPUT_PIXELS = 50_000_000;

// The face mesh and irises (cheeks, eyes, the face outline); the cut-out is added when loading.
const HUMAN_CONFIG: Partial<Config> = {
  ...HUMAN_BASE,
  // Several faces, so the child in the middle of the crop is read, not a brighter face beside them.
  face: faceModules({ maxDetected: 4, minConfidence: 0.3 }, { mesh: true, iris: true }),
} as Partial<Config>;

const SELFIE_DIR = path.join(SERVER_SOURCE, 'adapters', 'illustrator', 'models', 'selfie');

function loadLookReader(): Promise<Human> {
  return loadHuman(
    {
      ...HUMAN_CONFIG,
      segmentation: {
        enabled: true,
        modelPath: pathToFileURL(path.join(SELFIE_DIR, 'selfie.json')).href,
        mode: 'alpha',
      },
    } as Partial<Config>,
    [SELFIE_DIR],
  );
}

let loading: Promise<Human> | undefined;
let queue: Promise<unknown> = Promise.resolve();

function getHuman(): Promise<Human> {
  loading ??= loadLookReader().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

// ---------------------------------------------------------------------------------------------
// Colour matching.

type Rgb = [number, number, number];

/** sRGB to CIE Lab (D65): distances there follow what the eye sees. */
export function toLab([r, g, b]: Rgb): Rgb {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [R, G, B] = [lin(r), lin(g), lin(b)];
  const x = (R * 0.4124 + G * 0.3576 + B * 0.1805) / 0.95047;
  const y = R * 0.2126 + G * 0.7152 + B * 0.0722;
  const z = (R * 0.0193 + G * 0.1192 + B * 0.9505) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** Each palette's entries in Lab, worked out once (the top's colour matches every chest pixel). */
const paletteLabs = new WeakMap<object, Record<string, Rgb>>();
function labsOf<K extends string>(
  entries: Record<K, { photo: readonly [number, number, number] }>,
): Record<K, Rgb> {
  let labs = paletteLabs.get(entries);
  if (!labs) {
    labs = Object.fromEntries(
      (Object.keys(entries) as K[]).map((key) => [key, toLab([...entries[key].photo] as Rgb)]),
    );
    paletteLabs.set(entries, labs);
  }
  return labs as Record<K, Rgb>;
}

/**
 * The palette entry nearest a sample, and how clear the choice is: the squared distance to the
 * nearest over the distance to the runner-up (near 1: the sample sits between two entries).
 * `lightness` weighs how much brightness counts against hue.
 */
function nearestEntry<K extends string>(
  sample: Rgb,
  entries: Record<K, { photo: readonly [number, number, number] }>,
  lightness = 1,
): { key: K; closeness: number } {
  const s = toLab(sample);
  const labs = labsOf(entries);
  const ranked = (Object.keys(entries) as K[])
    .map((key) => {
      const e = labs[key];
      return { key, d: lightness * (s[0] - e[0]) ** 2 + (s[1] - e[1]) ** 2 + (s[2] - e[2]) ** 2 };
    })
    .sort((a, b) => a.d - b.d);
  return { key: ranked[0]!.key, closeness: ranked[0]!.d / Math.max(ranked[1]?.d ?? Infinity, 1e-9) };
}

const nearestSkin = (sample: Rgb) => nearestEntry<SkinTone>(sample, SKIN, 2);
const nearestHair = (sample: Rgb) => nearestEntry<HairColor>(sample, HAIR, 1.5);
const nearestEyes = (sample: Rgb) => nearestEntry<EyeColor>(sample, EYES, 0.5);

/** The per-channel median of some pixels: robust to highlights, shadows and stray strands. */
function median(pixels: Rgb[]): Rgb | undefined {
  if (pixels.length === 0) return undefined;
  const channel = (c: 0 | 1 | 2) => {
    const values = pixels.map((p) => p[c]).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)]!;
  };
  return [channel(0), channel(1), channel(2)];
}

/** Hair's own colour: the darker part of its pixels (highlights and stray skin are lighter). */
function hairBody(pixels: Rgb[]): Rgb | undefined {
  if (pixels.length === 0) return undefined;
  const byL = pixels.map((p) => ({ p, l: toLab(p)[0] })).sort((a, b) => a.l - b.l);
  return median(byL.slice(0, Math.max(1, Math.ceil(byL.length * HAIR_BODY_SHARE))).map((e) => e.p));
}
const HAIR_BODY_SHARE = 0.5;

// ---------------------------------------------------------------------------------------------

type Image = { data: Buffer; width: number; height: number };
type Mesh = [number, number, number?][];

/** Landmarks of the 468-point face mesh (MediaPipe numbering) and the iris centres after it. */
const MESH = {
  forehead: 10,
  chin: 152,
  leftCheek: 50,
  rightCheek: 280,
  leftEdge: 234,
  rightEdge: 454,
  irisA: 468,
  irisB: 473,
  eyeA: [33, 133],
  eyeB: [362, 263],
} as const;

/** What the photo says, before matching to the palettes (exported for tests and tuning). */
export type LookReading = {
  skin: Rgb;
  hair?: Rgb | undefined;
  eyes?: Rgb | undefined;
  /** The lightness (Lab L) that 2 % of the photo's pixels reach: low when the room is dim. */
  highlight: number;
  /**
   * Shares of hair-coloured person pixels below the jaw, beside the face and above the hairline;
   * the hair's width at brow level in face widths; the cut-out's share of the photo.
   */
  measures: { below: number; beside: number; above: number; width: number; maskFraction: number };
  /**
   * The top's colour: the clothes' colour most of the child's chest (below the chin, neither skin
   * nor hair) is nearest to, with its share of those pixels and the share of the chest they cover.
   */
  top?: { colour: ClothesColour; share: number; cover: number } | undefined;
};

/** Reads skin, hair and eyes from the picture, the face mesh and the person mask (0..255). */
function readFromPixels(image: Image, mesh: Mesh, mask: Uint8Array): LookReading | undefined {
  const { data, width, height } = image;
  const px = (x: number, y: number): Rgb => {
    const i = (Math.round(y) * width + Math.round(x)) * 3;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height;
  const masked = (x: number, y: number) => inside(x, y) && mask[Math.round(y) * width + Math.round(x)]! > 128;
  const point = (i: number) => {
    const p = mesh[i];
    return p ? { x: p[0], y: p[1] } : undefined;
  };
  const forehead = point(MESH.forehead);
  const chin = point(MESH.chin);
  const left = point(MESH.leftEdge);
  const right = point(MESH.rightEdge);
  if (!forehead || !chin || !left || !right) return undefined;
  const faceW = Math.abs(right.x - left.x);
  const faceH = Math.abs(chin.y - forehead.y);
  if (faceW < 12 || faceH < 12) return undefined;
  const disc = (cx: number, cy: number, r: number) => {
    const out: Rgb[] = [];
    for (let y = Math.floor(cy - r); y <= cy + r; y++)
      for (let x = Math.floor(cx - r); x <= cx + r; x++)
        if (inside(x, y) && (x - cx) ** 2 + (y - cy) ** 2 <= r * r) out.push(px(x, y));
    return out;
  };

  // Skin: both cheeks.
  const cheeks = [point(MESH.leftCheek), point(MESH.rightCheek)].filter((p) => p !== undefined);
  const skin = median(cheeks.flatMap((c) => disc(c.x, c.y, faceW * 0.07)));
  if (!skin) return undefined;
  const skinLab = toLab(skin);
  const skinLike = (p: Rgb) => {
    const l = toLab(p);
    return (l[0] - skinLab[0]) ** 2 + (l[1] - skinLab[1]) ** 2 + (l[2] - skinLab[2]) ** 2 < 18 * 18;
  };

  // Eyes: the iris ring without pupil and highlights.
  const eyes = (() => {
    const samples: Rgb[] = [];
    for (const [centre, corners] of [
      [MESH.irisA, MESH.eyeA],
      [MESH.irisB, MESH.eyeB],
    ] as const) {
      const c = point(centre);
      const a = point(corners[0]);
      const b = point(corners[1]);
      if (!c || !a || !b) continue;
      const eyeW = Math.hypot(b.x - a.x, b.y - a.y);
      const r = eyeW * 0.2;
      for (const p of disc(c.x, c.y, r)) {
        const l = toLab(p)[0];
        if (l > 18 && l < 75) samples.push(p);
      }
    }
    return samples.length >= 6 ? median(samples) : undefined;
  })();

  // Hair is sampled in the face's own frame (the head may be tilted): u across the face in face
  // widths (0 = the middle), v up from the hairline in face heights (-1 = the chin).
  const len = Math.hypot(forehead.x - chin.x, forehead.y - chin.y);
  const up = { x: (forehead.x - chin.x) / len, y: (forehead.y - chin.y) / len };
  const across = { x: -up.y, y: up.x };
  const at = (u: number, v: number) => ({
    x: forehead.x + across.x * u * faceW + up.x * v * faceH,
    y: forehead.y + across.y * u * faceW + up.y * v * faceH,
  });
  const step = Math.max(1 / faceW, 0.004);
  const region = (
    u0: number,
    u1: number,
    v0: number,
    v1: number,
    visit: (p: Rgb, u: number, v: number) => void,
  ) => {
    const vStep = Math.max(1 / faceH, 0.004);
    for (let v = v0; v < v1; v += vStep)
      for (let u = u0; u < u1; u += step) {
        const q = at(u, v);
        if (masked(q.x, q.y)) visit(px(q.x, q.y), u, v);
      }
  };
  const hairPixels: Rgb[] = [];
  let above = 0;
  let aboveArea = 0;
  region(-0.45, 0.45, 0.12, 0.9, (p) => {
    aboveArea++;
    if (!skinLike(p)) {
      hairPixels.push(p);
      above++;
    }
  });
  if (hairPixels.length < 40)
    region(-0.95, 0.95, -0.7, 0.1, (p, u) => {
      if (Math.abs(u) > 0.5 && !skinLike(p)) hairPixels.push(p);
    });
  const hair = hairBody(hairPixels);
  const hairLab = hair ? toLab(hair) : undefined;
  const hairLike = (p: Rgb) => {
    if (!hairLab || skinLike(p)) return false;
    const l = toLab(p);
    return (l[0] - hairLab[0]) ** 2 + ((l[1] - hairLab[1]) ** 2 + (l[2] - hairLab[2]) ** 2) < 24 * 24;
  };
  // Length and volume, as hair-coloured person pixels per sample: beside the face (temple to
  // jaw), below the jaw beside the neck, and the width of the hair at brow level.
  const share = (u0: number, u1: number, v0: number, v1: number, minU: number) => {
    let hits = 0;
    let all = 0;
    const vStep = Math.max(1 / faceH, 0.004);
    for (let v = v0; v < v1; v += vStep)
      for (let u = u0; u < u1; u += step) {
        if (Math.abs(u) < minU) continue;
        all++;
        const q = at(u, v);
        if (masked(q.x, q.y) && hairLike(px(q.x, q.y))) hits++;
      }
    return all > 0 ? hits / all : 0;
  };
  const beside = share(-0.95, 0.95, -1, -0.3, 0.55);
  const below = share(-0.95, 0.95, -1.8, -1.05, 0.3);
  let widest = 0;
  for (let v = -0.3; v <= 0; v += 0.05) {
    let minU = Infinity;
    let maxU = -Infinity;
    for (let u = -1.3; u <= 1.3; u += step) {
      const q = at(u, v);
      if (masked(q.x, q.y) && hairLike(px(q.x, q.y))) {
        minU = Math.min(minU, u);
        maxU = Math.max(maxU, u);
      }
    }
    if (maxU > minU) widest = Math.max(widest, maxU - minU);
  }
  let maskSum = 0;
  for (const v of mask) maskSum += v > 128 ? 1 : 0;
  const measures = {
    below,
    beside,
    above: aboveArea > 0 ? above / aboveArea : 0,
    width: widest,
    maskFraction: maskSum / mask.length,
  };
  const cloth = (p: Rgb) => !skinLike(p) && !hairLike(p);
  const top = topOf(chestOf({ at, inside, masked, px, vStep: Math.max(1 / faceH, 0.004), step }, cloth));
  return { skin, highlight: highlightOf(image), hair, eyes, measures, top };
}

type FaceFrame = {
  /** The photo point at `u` face widths across and `v` face heights up from the hairline. */
  at: (u: number, v: number) => { x: number; y: number };
  inside: (x: number, y: number) => boolean;
  masked: (x: number, y: number) => boolean;
  px: (x: number, y: number) => Rgb;
  vStep: number;
  step: number;
};

/**
 * The chest below the chin, between the shoulders' insides: the cut-out's pixels there that `cloth`
 * takes, and how many places of it are inside the photo.
 */
function chestOf(frame: FaceFrame, cloth: (p: Rgb) => boolean): { chest: Rgb[]; area: number } {
  const chest: Rgb[] = [];
  let area = 0;
  for (let v = -2.3; v < -1.5; v += frame.vStep)
    for (let u = -0.5; u < 0.5; u += frame.step) {
      const q = frame.at(u, v);
      if (!frame.inside(q.x, q.y)) continue;
      area++;
      const p = frame.px(q.x, q.y);
      if (frame.masked(q.x, q.y) && cloth(p)) chest.push(p);
    }
  return { chest, area };
}

/** The clothes' colour most chest pixels are nearest to, with its share (see `LookReading.top`). */
function topOf({ chest, area }: { chest: Rgb[]; area: number }): LookReading['top'] {
  if (chest.length === 0 || area === 0) return undefined;
  const counts = new Map<ClothesColour, number>();
  for (const p of chest) {
    const { key } = nearestEntry<ClothesColour>(p, CLOTHES_COLOURS, 0.5);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [colour, n] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
  return { colour, share: n / chest.length, cover: chest.length / area };
}

/** The Lab lightness that the brightest 2 % of the photo's pixels reach (every 7th pixel read). */
function highlightOf({ data }: Image): number {
  const values: number[] = [];
  for (let i = 0; i + 2 < data.length; i += 21) values.push(toLab([data[i]!, data[i + 1]!, data[i + 2]!])[0]);
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length * 0.98)] ?? 0;
}

async function decode(photo: Buffer): Promise<Image> {
  const { data, info } = await sharp(photo, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize(READ_SIZE, READ_SIZE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * The face the photo is of: the wizard's cropper centres the child, so the largest face near the
 * middle, not the detector's most confident one (a grown-up's sharper face beside the child).
 */
function centralFace<F extends { box: [number, number, number, number]; score: number }>(
  faces: F[],
  image: { width: number; height: number },
): F | undefined {
  const weight = (f: F) => {
    const [x, y, w, h] = f.box;
    const d = Math.hypot(x + w / 2 - image.width / 2, y + h / 2 - image.height / 2);
    return w * h * Math.exp(-((d / (0.35 * Math.hypot(image.width, image.height))) ** 2));
  };
  return [...faces].sort((a, b) => weight(b) - weight(a))[0];
}

/** Runs the face mesh and the cut-out; one photo at a time (the WASM backend is single-threaded). */
async function analyse(image: Image): Promise<{ mesh: Mesh; mask: Uint8Array } | undefined> {
  const human = await getHuman();
  const run = queue.then(async () => {
    const { tf } = human;
    const input = tf.tensor4d(image.data, [1, image.height, image.width, 3], 'int32');
    try {
      const result = await human.detect(input);
      const face = centralFace(result.face, image);
      if (!face || face.mesh.length < 468) return undefined;
      const alpha = await human.segmentation(input);
      if (!alpha) return undefined;
      try {
        const values = (await alpha.data()) as Int32Array;
        const mask = new Uint8Array(image.width * image.height);
        for (let i = 0; i < mask.length; i++) mask[i] = Math.max(0, Math.min(255, values[i]!));
        return { mesh: face.mesh as Mesh, mask };
      } finally {
        tf.dispose(alpha);
      }
    } finally {
      tf.dispose(input);
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

/**
 * What the reader is sure enough to say, attribute by attribute; a missing attribute is one the
 * parent picks in step 2 (docs/decisions/025-look-reader-accuracy.md). Measured on the labelled set
 * in test/fixtures/look-set (`look-accuracy.test.ts`, `npm run bench`).
 */
export type LookGuess = Partial<Pick<ChildLook, LookPart | 'top'>>;

/** When the reader keeps quiet: the thresholds the labelled set was measured with. */
export const LOOK_CONFIDENCE = {
  /** A photo whose brightest 2 % stay below this Lab lightness was taken in a dim room: no colour. */
  minHighlight: 70,
  /** Skin under ordinary light: Lab chroma at least this, hue angle in this range (degrees). */
  skinMinChroma: 14,
  skinHue: [35, 75] as const,
  /** Cheeks darker than this share of the photo's highlights: the face is in shadow or backlit. */
  minSkinToHighlight: 0.45,
  /** Hair as a colour: hue angle range for brown to blond and red, or nearly no chroma (black). */
  hairHue: [25, 95] as const,
  hairNeutralChroma: 8,
  /** The iris must differ this much (Lab distance) from the skin, else the lids were sampled. */
  irisFromSkin: 25,
  /** A dark iris (Lab lightness below this) with no blue in it is brown, whatever the light. */
  darkIris: 42,
  /** A sample between two palette entries (squared distance ratio above this) is not said. */
  maxCloseness: 0.6,
  maxSkinCloseness: 0.85,
  /**
   * Long: hair-coloured pixels below the jaw and beside the face (a ponytail over one shoulder has
   * little beside); volume over this many face widths may be curls.
   */
  longBelow: 0.2,
  longBeside: 0.3,
  straightMaxWidth: 2,
  /** Short: hair hugging the head, none beside or below the face. */
  shortMaxBeside: 0.05,
  shortMaxBelow: 0.03,
  shortMaxWidth: 1.5,
  /**
   * The top's colour is said when the child's chest shows cloth over at least `topMinCover` of it
   * (a low neckline, or a crop cut under the chin, shows skin or nothing) and one of the clothes'
   * colours holds `topMinShare` of that cloth (stripes, prints and a jacket over a top do not).
   */
  topMinCover: 0.3,
  topMinShare: 0.8,
} as const;

const labOf = (rgb: Rgb) => {
  const [l, a, b] = toLab(rgb);
  return { l, chroma: Math.hypot(a, b), hue: (Math.atan2(b, a) * 180) / Math.PI };
};
const within = (value: number, [low, high]: readonly [number, number]) => value >= low && value <= high;

/** The attributes the reading supports, each left out where the photo does not settle it. */
export function guessFromReading(reading: LookReading): LookGuess {
  const c = LOOK_CONFIDENCE;
  const skin = labOf(reading.skin);
  const lit = reading.highlight >= c.minHighlight;
  // Light of an ordinary colour on the face: a tinted or shadowed face changes every colour on it.
  const plainLight = lit && skin.chroma >= c.skinMinChroma && within(skin.hue, c.skinHue);
  const faceLit = skin.l >= c.minSkinToHighlight * reading.highlight;
  const guess: LookGuess = {};
  const clear = <K extends string>(found: { key: K; closeness: number }, max: number = c.maxCloseness) =>
    found.closeness <= max ? found.key : undefined;
  // Skin tones are near steps (either neighbour looks right), so only a sample midway is not said.
  if (plainLight && faceLit) guess.skin = clear(nearestSkin(reading.skin), c.maxSkinCloseness);
  if (reading.hair && lit && faceLit) {
    const hair = labOf(reading.hair);
    if (hair.chroma <= c.hairNeutralChroma || within(hair.hue, c.hairHue))
      guess.hairColor = clear(nearestHair(reading.hair));
  }
  if (reading.eyes && lit) {
    const [l, a, b] = toLab(reading.eyes);
    const [sl, sa, sb] = toLab(reading.skin);
    if (Math.hypot(l - sl, a - sa, b - sb) >= c.irisFromSkin) {
      if (l < c.darkIris && b > -5) guess.eyeColor = 'brown';
      else if (plainLight) guess.eyeColor = clear(nearestEyes(reading.eyes));
    }
  }
  guess.hairStyle = hairStyleGuess(reading);
  const top = reading.top;
  if (top && lit && top.cover >= c.topMinCover && top.share >= c.topMinShare) guess.top = top.colour;
  return Object.fromEntries(Object.entries(guess).filter(([, v]) => v !== undefined)) as LookGuess;
}

/**
 * Length reads off the cut-out where the hair falls below the jaw; a ponytail or hair behind the
 * shoulders looks short from the front, and curls do not separate from volume, so those are left
 * to the parent.
 */
function hairStyleGuess({ hair, measures: m }: LookReading): HairStyle | undefined {
  const c = LOOK_CONFIDENCE;
  if (!hair) return undefined;
  if (m.below >= c.longBelow && m.beside >= c.longBeside)
    return m.width > c.straightMaxWidth ? undefined : 'long';
  const hugging = m.beside <= c.shortMaxBeside && m.below <= c.shortMaxBelow && m.width <= c.shortMaxWidth;
  if (hugging) return m.above < 0.08 ? 'cropped' : 'short';
  return undefined;
}

/** What the reader is sure of (nothing when the photo cannot be read). */
export async function readLookGuess(photo: Buffer): Promise<LookGuess> {
  try {
    const image = await decode(photo);
    const found = await analyse(image);
    if (!found) return {};
    const reading = readFromPixels(image, found.mesh, found.mask);
    return reading ? guessFromReading(reading) : {};
  } catch {
    return {};
  }
}

/** The look read off the photo, the default look's part wherever the reader is not sure. */
export async function readChildLook(photo: Buffer): Promise<ChildLook> {
  return (await readChildLookNoting(photo)).look;
}

/**
 * The look read off the photo and the parts it could not tell (drawn as the default look has them),
 * so wizard step 2 can say which parts the parent should choose.
 */
export async function readChildLookNoting(photo: Buffer): Promise<{ look: ChildLook; unread: LookPart[] }> {
  // Glasses are not read: a drawn pair on a child who wears none is worse than the reverse, and
  // the parent ticks the box in step 2. So they are never among the unread parts either, nor is
  // the top's colour (read where it is clear; else the first books' orange, the parent's to change).
  const guess = await readLookGuess(photo);
  return {
    look: { ...DEFAULT_CHILD_LOOK, ...guess },
    unread: READ_LOOK_PARTS.filter((part) => guess[part] === undefined),
  };
}

/** For tuning and tests: the raw reading with the model outputs. */
export async function readLookDetails(photo: Buffer): Promise<{
  reading?: LookReading | undefined;
  mask?: Uint8Array;
  size: { width: number; height: number };
}> {
  const image = await decode(photo);
  const found = await analyse(image);
  const size = { width: image.width, height: image.height };
  if (!found) return { size };
  return { reading: readFromPixels(image, found.mesh, found.mask), mask: found.mask, size };
}
