import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { INK, random, seedFrom, sparkle } from './cover-art';
import type { PageStyle } from './index';
import { type Layout, SCENE_SIZE, type SceneContext, type Spot, sceneFor } from './page-scenes';

/**
 * Deterministic book pages without a model: the painted scene of the page's key (page-scenes.ts),
 * with the same child and the same toy on every page, cut as round vignettes from the approved
 * covers, then a painted finish over the whole picture so that it reads as one illustration. The
 * coloring-book variant turns that same composition into black lines on white.
 */

/** Pages are drawn at most this wide, then enlarged: the look comes from the shapes, not the pixels. */
export const MAX_WORK_SIZE = 1024;

/** A guard against decompression bombs: covers are about 1 MP. */
const MAX_INPUT_PIXELS = 50_000_000;

export type PageArtInput = {
  heroCover: Buffer;
  toyCover: Buffer;
  sceneKey: string;
  scenePrompt: string;
  style: PageStyle;
  pageNumber: number;
  size: number;
};

/**
 * The part of a cover that becomes the character's vignette, as fractions of the cover's width and
 * height. On the local covers it is the painted portrait inside the ring, a little above the ring's
 * centre where the face is; the hosted models are asked to centre the subject, which this also fits.
 */
export const COVER_FACE = { cx: 0.5, cy: 0.56, r: 0.215 } as const;

/** The rings around the vignettes: the covers' ring colours, so each character keeps its colour. */
const RINGS = {
  child: { ring: '#f6c65b', light: '#fff0b8', halo: '#ffe3a3' },
  toy: { ring: '#f49ac1', light: '#ffe1ef', halo: '#ffd0e4' },
} as const;

/** The painted finish's knobs, tuned by eye on the test covers. */
const FINISH = {
  median: 3,
  saturation: 1.12,
  colours: 20,
  /** The palette is chosen on a picture this many times smaller: the same patches of paint, 4x cheaper. */
  paletteScale: 2,
  /** How much of the flat palette image lies over the smooth one: patches of paint, not posterised bands. */
  paletteOpacity: 0.4,
} as const;

/**
 * The line art's knobs (blurs in pixels of a 1024 px page): the colour-dodge sketch's blur and threshold, then
 * how far the lines are spread and which grey still counts as white when they are cut back.
 */
const LINES = { blur: 2.2, threshold: 215, bolder: 1, keepWhiteAbove: 235, outlineThreshold: 160 } as const;

export type PagePlan = {
  /** Where the child and the toy are drawn, in scene pixels (mirroring applied). */
  layout: Layout;
  mirror: boolean;
  backSvg: string;
  frontSvg: string;
};

const r1 = (value: number) => Math.round(value * 10) / 10;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Moves both characters a little, together (their distance is kept), within the canvas. */
function jitter(layout: Layout, next: () => number): Layout {
  const scale = 0.96 + next() * 0.08;
  const dx = (next() - 0.5) * 40;
  const dy = (next() - 0.5) * 24;
  const move = (spot: Spot): Spot => {
    const r = Math.round(spot.r * scale);
    return {
      x: Math.round(clamp(spot.x + dx, r + 24, SCENE_SIZE - r - 24)),
      y: Math.round(clamp(spot.y + dy, r + 24, SCENE_SIZE - r - 24)),
      r,
    };
  };
  return separate({ child: move(layout.child), toy: move(layout.toy) });
}

/** The room between the two vignettes' rings, in scene pixels. */
export const VIGNETTE_GAP = 36;

/** Pushes the toy (then, at an edge, the child) apart so that neither ring covers the other. */
function separate({ child, toy }: Layout): Layout {
  const shift = (spot: Spot, dx: number, dy: number): Spot => ({
    ...spot,
    x: Math.round(clamp(spot.x + dx, spot.r + 24, SCENE_SIZE - spot.r - 24)),
    y: Math.round(clamp(spot.y + dy, spot.r + 24, SCENE_SIZE - spot.r - 24)),
  });
  const need = child.r + toy.r + VIGNETTE_GAP;
  const distance = Math.hypot(toy.x - child.x, toy.y - child.y);
  if (distance >= need) return { child, toy };
  const ux = distance > 0 ? (toy.x - child.x) / distance : 1;
  const uy = distance > 0 ? (toy.y - child.y) / distance : 0;
  const movedToy = shift(toy, ux * (need - distance), uy * (need - distance));
  const left = need - Math.hypot(movedToy.x - child.x, movedToy.y - child.y);
  return { child: left > 0 ? shift(child, -ux * left, -uy * left) : child, toy: movedToy };
}

const mirrored = (spot: Spot): Spot => ({ ...spot, x: SCENE_SIZE - spot.x });

/** A soft warm halo behind a vignette and its shadow on the ground. */
function halo(spot: Spot, colour: string, id: string): string {
  return `<defs><radialGradient id="${id}"><stop offset="0.55" stop-color="${colour}" stop-opacity="0.6"/>
      <stop offset="0.78" stop-color="${colour}" stop-opacity="0.2"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient></defs>
    <ellipse cx="${spot.x}" cy="${r1(spot.y + spot.r * 0.98)}" rx="${r1(spot.r * 0.85)}" ry="${r1(spot.r * 0.17)}" fill="${INK}" fill-opacity="0.35"/>
    <circle cx="${spot.x}" cy="${spot.y}" r="${r1(spot.r * 1.45)}" fill="url(#${id})"/>`;
}

/** The painted ring around a vignette, with a highlight and a few sparkles. */
function ring(spot: Spot, colours: (typeof RINGS)[keyof typeof RINGS], next: () => number): string {
  const { x, y, r } = spot;
  const rr = r + 5;
  const sparkles = [-140, -40, 35]
    .map((angle) => {
      const a = ((angle + (next() - 0.5) * 30) * Math.PI) / 180;
      return sparkle(x + Math.cos(a) * (rr + 6), y + Math.sin(a) * (rr + 6), 11 + next() * 7, '#fff3c4');
    })
    .join('');
  const a0 = (-150 * Math.PI) / 180;
  const a1 = (-100 * Math.PI) / 180;
  return `<circle cx="${x}" cy="${y}" r="${rr}" fill="none" stroke="${INK}" stroke-width="20"/>
    <circle cx="${x}" cy="${y}" r="${rr}" fill="none" stroke="${colours.ring}" stroke-width="10"/>
    <path d="M${r1(x + Math.cos(a0) * rr)} ${r1(y + Math.sin(a0) * rr)} A${rr} ${rr} 0 0 1 ${r1(x + Math.cos(a1) * rr)} ${r1(y + Math.sin(a1) * rr)}" fill="none" stroke="${colours.light}" stroke-width="4" stroke-linecap="round"/>
    ${sparkles}`;
}

const svgDocument = (size: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${SCENE_SIZE} ${SCENE_SIZE}">${body}</svg>`;

/**
 * The page's drawing: the scene of its key behind, the characters' places, the rings and the scene's
 * front parts. The page number picks the layout and whether it is mirrored, and seeds the details,
 * so pages that share a scene still differ.
 */
export function planPage(
  {
    sceneKey,
    scenePrompt,
    pageNumber,
    style,
  }: Pick<PageArtInput, 'sceneKey' | 'scenePrompt' | 'pageNumber' | 'style'>,
  size: number,
): PagePlan {
  const scene = sceneFor(sceneKey, scenePrompt);
  const next = random(seedFrom(`${sceneKey}:${pageNumber}`));
  const count = scene.layouts.length;
  const index = (pageNumber - 1) % count;
  const mirror = (Math.floor((pageNumber - 1) / count) + seedFrom(sceneKey)) % 2 === 1;
  const base = scene.layouts[index]!;
  const layout = jitter(base, next);
  let ids = 0;
  const context: SceneContext = { next, layout, uid: (name) => `${name}${++ids}`, line: style === 'line' };
  const art = scene.draw(context);
  const placed = mirror ? { child: mirrored(layout.child), toy: mirrored(layout.toy) } : layout;
  const flip = mirror ? `<g transform="matrix(-1 0 0 1 ${SCENE_SIZE} 0)">` : '<g>';
  const backSvg = svgDocument(
    size,
    `${flip}${art.back}</g>${halo(placed.child, RINGS.child.halo, 'haloChild')}${halo(placed.toy, RINGS.toy.halo, 'haloToy')}`,
  );
  const frontSvg = svgDocument(
    size,
    `${ring(placed.child, RINGS.child, next)}${ring(placed.toy, RINGS.toy, next)}${flip}${art.front}</g>`,
  );
  return { layout: placed, mirror, backSvg, frontSvg };
}

/** A cover's subject, cut square at the cover's own resolution (raw RGB). */
type Crop = { data: Buffer; side: number };

/** The crops of the last few covers: every page of a book cuts the same two, so each is decoded once. */
const crops = new Map<string, Promise<Crop>>();
const CROP_CACHE_SIZE = 8;

function coverCrop(cover: Buffer): Promise<Crop> {
  const key = createHash('sha256').update(cover).digest('base64');
  const cached = crops.get(key);
  if (cached) {
    crops.delete(key);
    crops.set(key, cached);
    return cached;
  }
  const crop = cutCrop(cover);
  crops.set(key, crop);
  crop.catch(() => crops.delete(key));
  if (crops.size > CROP_CACHE_SIZE) crops.delete(crops.keys().next().value!);
  return crop;
}

async function cutCrop(cover: Buffer): Promise<Crop> {
  const image = sharp(cover, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const { width = 0, height = 0 } = await image.metadata();
  if (width < 8 || height < 8) throw new UndecodableCoverError('The cover is too small to use');
  const radius = COVER_FACE.r * Math.min(width, height);
  const side = Math.max(1, Math.round(2 * radius));
  const left = Math.round(clamp(COVER_FACE.cx * width - radius, 0, width - side));
  const top = Math.round(clamp(COVER_FACE.cy * height - radius, 0, height - side));
  const data = await image
    .extract({ left, top, width: side, height: side })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  return { data, side };
}

/** The round vignette of a cover's subject, `diameter` px wide. */
async function vignette(cover: Buffer, diameter: number): Promise<Buffer> {
  const crop = await coverCrop(cover);
  const [pixels, mask] = await Promise.all([
    sharp(crop.data, { raw: { width: crop.side, height: crop.side, channels: 3 } })
      .resize(diameter, diameter, { kernel: 'lanczos3' })
      .raw()
      .toBuffer(),
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${diameter}" height="${diameter}"><circle cx="${diameter / 2}" cy="${diameter / 2}" r="${diameter / 2 - 1}" fill="#fff"/></svg>`,
      ),
    )
      .extractChannel(3)
      .raw()
      .toBuffer(),
  ]);
  return sharp(pixels, { raw: { width: diameter, height: diameter, channels: 3 } })
    .joinChannel(mask, { raw: { width: diameter, height: diameter, channels: 1 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A cover that cannot be decoded (the caller maps it to IMAGE_INVALID_FORMAT). */
export class UndecodableCoverError extends Error {
  override name = 'UndecodableCoverError';
}

type Raw = { data: Buffer; info: { width: number; height: number; channels: number } };
const rawOf = (image: Raw) => ({
  raw: { width: image.info.width, height: image.info.height, channels: image.info.channels as 1 | 3 | 4 },
});

/**
 * A median filter in two bands computed side by side (libvips runs one thread per pipeline here, and
 * the median is the slowest step of a page). Each band carries the rows its filter needs from the
 * other, so the result is the same as one median over the whole image.
 */
async function medianInBands(image: Raw, size: number): Promise<Raw> {
  const { width, height, channels } = image.info;
  const reach = Math.floor(size / 2);
  const middle = Math.floor(height / 2);
  const bands = [
    { from: 0, to: middle },
    { from: middle, to: height },
  ];
  const filtered = await Promise.all(
    bands.map(({ from, to }) => {
      const top = Math.max(0, from - reach);
      const bottom = Math.min(height, to + reach);
      const band = sharp(image.data, rawOf(image))
        .extract({ left: 0, top, width, height: bottom - top })
        .median(size);
      // A one-channel image would come back as sRGB otherwise.
      return (channels === 1 ? band.extractChannel(0) : band)
        .raw()
        .toBuffer()
        .then((data) => {
          if (data.length !== (bottom - top) * width * channels)
            throw new Error('Unexpected median band size');
          return { data, skip: from - top, rows: to - from };
        });
    }),
  );
  const row = width * channels;
  const data = Buffer.alloc(height * row);
  let at = 0;
  for (const band of filtered) {
    band.data.copy(data, at, band.skip * row, (band.skip + band.rows) * row);
    at += band.rows * row;
  }
  return { data, info: image.info };
}

/**
 * The painted finish: median, more saturation, and a flat palette laid partly over the smooth picture.
 * Each stage goes through a buffer (sharp runs the operations of one pipeline in its own fixed order).
 */
async function paintedFinish(composed: Raw): Promise<Raw> {
  const smooth = await medianInBands(composed, FINISH.median);
  const { width, height } = smooth.info;
  // The palette is made by the PNG encoder (libimagequant), without dithering: flat areas of paint.
  const small = Math.round(width / FINISH.paletteScale);
  const flatPng = await sharp(smooth.data, rawOf(smooth))
    .resize(small, Math.round(height / FINISH.paletteScale))
    .png({ palette: true, colours: FINISH.colours, dither: 0, effort: 1, compressionLevel: 0 })
    .toBuffer();
  const flat = await sharp(flatPng)
    .resize(width, height, { kernel: 'nearest' })
    .removeAlpha()
    .raw()
    .toBuffer();
  return { data: mixAndSaturate(smooth.data, flat), info: smooth.info };
}

/**
 * Lays the flat palette picture over the smooth one and adds saturation around the Rec. 601 luma, in
 * one pass over the pixels (sharp's `modulate` converts to LCh and back, several times slower).
 */
function mixAndSaturate(smooth: Buffer, flat: Buffer): Buffer {
  const mix = FINISH.paletteOpacity;
  const gain = FINISH.saturation;
  // A clamped array rounds and clamps each store to 0..255 (a Buffer would wrap around).
  const out = new Uint8ClampedArray(smooth.length);
  for (let i = 0; i < smooth.length; i += 3) {
    const r = smooth[i]! + (flat[i]! - smooth[i]!) * mix;
    const g = smooth[i + 1]! + (flat[i + 1]! - smooth[i + 1]!) * mix;
    const b = smooth[i + 2]! + (flat[i + 2]! - smooth[i + 2]!) * mix;
    const luma = 0.299 * r + 0.587 * g + 0.114 * b;
    out[i] = luma + (r - luma) * gain;
    out[i + 1] = luma + (g - luma) * gain;
    out[i + 2] = luma + (b - luma) * gain;
  }
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

/**
 * Coloring-book lines of the composition: grey, colour-dodged with its inverted blur (a pencil
 * sketch, where flat areas of any colour turn white), thresholded to black and white, then a median
 * to clear the specks.
 */
async function lineArt(composed: Raw): Promise<Raw> {
  const grey = await sharp(composed.data, rawOf(composed))
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const invertedBlur = await sharp(grey.data, rawOf(grey))
    .negate()
    .blur((LINES.blur * grey.info.width) / SCENE_SIZE)
    .extractChannel(0)
    .png({ compressionLevel: 0 })
    .toBuffer();
  const sketch = await sharp(grey.data, rawOf(grey))
    .composite([{ input: invertedBlur, blend: 'colour-dodge' }])
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const inked = await sharp(sketch.data, rawOf(sketch))
    .threshold(LINES.threshold)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const clean = await medianInBands(inked, 3); // the specks go
  // Bolder lines for small hands: spread the black a little, then cut back to pure black and white
  // (in two pipelines: within one, sharp thresholds before it blurs).
  const spread = await sharp(clean.data, rawOf(clean))
    .blur(Math.max(0.3, (LINES.bolder * clean.info.width) / SCENE_SIZE))
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(spread.data, rawOf(spread))
    .threshold(LINES.keepWhiteAbove)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
}

/** An SVG with every area filled white: only its outlines stay (and white hides what is behind). */
const outlinesOnly = (svg: string) =>
  svg.replace(/fill="(?!none")[^"]*"/g, 'fill="#ffffff"').replace(/fill-opacity="[^"]*"/g, '');

/**
 * The ink outlines of the scene as pure black on white: the sketch alone loses an outline wherever it
 * runs between two dark colours (a hill against the night sky), which a coloring page cannot afford.
 */
async function outlines(plan: PagePlan): Promise<Raw> {
  const { child, toy } = plan.layout;
  const discs = `<circle cx="${child.x}" cy="${child.y}" r="${child.r}" fill="#ffffff"/><circle cx="${toy.x}" cy="${toy.y}" r="${toy.r}" fill="#ffffff"/>`;
  const back = outlinesOnly(plan.backSvg).replace(/<\/svg>$/, `${discs}</svg>`);
  const drawn = await sharp(Buffer.from(back))
    .composite([{ input: Buffer.from(outlinesOnly(plan.frontSvg)), left: 0, top: 0 }])
    .flatten({ background: '#ffffff' })
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(drawn.data, rawOf(drawn)).threshold(LINES.outlineThreshold).extractChannel(0).raw().toBuffer({
    resolveWithObject: true,
  });
}

/** The darker pixel of two single-channel images of the same size. */
function darkest(a: Raw, b: Raw): Raw {
  const data = Buffer.alloc(a.data.length);
  for (let i = 0; i < data.length; i++) data[i] = Math.min(a.data[i]!, b.data[i]!);
  return { data, info: a.info };
}

/** The page as a `size` x `size` PNG. */
export async function renderPage(input: PageArtInput): Promise<Buffer> {
  const work = Math.min(input.size, MAX_WORK_SIZE);
  const scale = work / SCENE_SIZE;
  const plan = planPage(input, work);
  const { child, toy } = plan.layout;
  const diameter = (spot: Spot) => Math.max(2, Math.round(2 * spot.r * scale));
  const at = (spot: Spot) => ({
    left: Math.round((spot.x - spot.r) * scale),
    top: Math.round((spot.y - spot.r) * scale),
  });
  // libvips runs one thread per pipeline here (sharp's default without jemalloc): separate
  // pipelines run side by side on the libuv pool.
  const [back, front, childImage, toyImage, ink] = await Promise.all([
    sharp(Buffer.from(plan.backSvg)).removeAlpha().raw().toBuffer({ resolveWithObject: true }),
    sharp(Buffer.from(plan.frontSvg)).png({ compressionLevel: 0 }).toBuffer(),
    vignette(input.heroCover, diameter(child)).catch(rethrowAsUndecodable),
    vignette(input.toyCover, diameter(toy)).catch(rethrowAsUndecodable),
    input.style === 'line' ? outlines(plan) : null,
  ]);
  const composed = await sharp(back.data, rawOf(back))
    .composite([
      { input: childImage, ...at(child) },
      { input: toyImage, ...at(toy) },
      { input: front, left: 0, top: 0 },
    ])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });

  const finished = ink ? darkest(await lineArt(composed), ink) : await paintedFinish(composed);
  let out = sharp(finished.data, rawOf(finished));
  if (input.size > work) out = out.resize(input.size, input.size, { kernel: 'lanczos3' });
  return out.png({ compressionLevel: 6, adaptiveFiltering: false, palette: false }).toBuffer();
}

function rethrowAsUndecodable(error: unknown): never {
  if (error instanceof UndecodableCoverError) throw error;
  throw new UndecodableCoverError(error instanceof Error ? error.message : String(error));
}
