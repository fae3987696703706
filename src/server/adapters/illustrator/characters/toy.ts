import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { INK } from './palette';
import type { Figure, ToyArt, ToyOptions } from './types';

/**
 * The toy as a co-star: cut out of its photo (no ring, no photo background) and stylised to the
 * book's look (a few flat colours, an ink outline around the silhouette and the main colour edges).
 * Colour-based, no model: the background is what floods in from the photo's borders on a smoothed
 * image; the toy is the largest central region left. Deterministic: same photo, same PNGs.
 */

/** Photos above this many pixels are refused before decoding (decompression bombs). */
const MAX_INPUT_PIXELS = 50_000_000;
/** The analysis size: enough for a silhouette, small enough to flood in a few milliseconds. */
const ANALYSIS = 256;
/** The long side of the stylised toy (without its outline margin). */
const ART_SIZE = 768;
/** How many flat colours the toy keeps. */
const COLOURS = 5;

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
      let best = 0;
      let bestD = Infinity;
      for (let c = 0; c < centres.length; c++) {
        const d = dist2(px, centres[c]!);
        if (d < bestD) {
          bestD = d;
          best = c;
        }
      }
      const s = sums[best]!;
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
 * The toy's mask at analysis size (1 = toy): background floods in from the borders through pixels
 * close to the border's own colours; the largest remaining region near the centre is the toy.
 */
function toyMask(rgb: Buffer, width: number, height: number): Uint8Array {
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
  const background = new Uint8Array(n);
  const stack: number[] = [];
  const push = (i: number) => {
    if (!background[i] && near(i)) {
      background[i] = 1;
      stack.push(i);
    }
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (stack.length > 0) {
    const i = stack.pop()!;
    const x = i % width;
    if (x > 0) push(i - 1);
    if (x < width - 1) push(i + 1);
    if (i >= width) push(i - width);
    if (i < n - width) push(i + width);
  }
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
  const mask = new Uint8Array(n);
  const fraction = best >= 0 ? sizes[best]! / n : 0;
  if (fraction < 0.04 || fraction > 0.97) {
    // Nothing stood out from the background (a busy or flat photo): a soft central oval instead.
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        mask[y * width + x] = ((x / width - 0.5) / 0.38) ** 2 + ((y / height - 0.52) / 0.42) ** 2 < 1 ? 1 : 0;
    return mask;
  }
  for (let i = 0; i < n; i++) mask[i] = label[i] === best ? 1 : 0;
  return mask;
}

/** A separable box blur of a one-channel image (0..255), `r` pixels each side. */
function boxBlur(src: Uint8Array, w: number, h: number, r: number): Uint8Array {
  if (r < 1) return src;
  const tmp = new Float32Array(w * h);
  const out = new Uint8Array(w * h);
  const span = 2 * r + 1;
  for (let y = 0; y < h; y++) {
    let sum = 0;
    for (let x = -r; x <= r; x++) sum += src[y * w + Math.min(w - 1, Math.max(0, x))]!;
    for (let x = 0; x < w; x++) {
      tmp[y * w + x] = sum / span;
      sum += src[y * w + Math.min(w - 1, x + r + 1)]! - src[y * w + Math.max(0, x - r)]!;
    }
  }
  for (let x = 0; x < w; x++) {
    let sum = 0;
    for (let y = -r; y <= r; y++) sum += tmp[Math.min(h - 1, Math.max(0, y)) * w + x]!;
    for (let y = 0; y < h; y++) {
      out[y * w + x] = Math.round(sum / span);
      sum += tmp[Math.min(h - 1, y + r + 1) * w + x]! - tmp[Math.max(0, y - r) * w + x]!;
    }
  }
  return out;
}

/** A smooth 0/255 silhouette: blurred and cut at half, then softened by a pixel for anti-aliasing. */
function smoothMask(src: Uint8Array, w: number, h: number, r: number, cut = 128): Uint8Array {
  const blurred = boxBlur(boxBlur(src, w, h, r), w, h, r);
  const hard = blurred.map((v) => (v >= cut ? 255 : 0));
  return boxBlur(hard, w, h, 1);
}

async function resizeGrey(
  src: Uint8Array,
  w: number,
  h: number,
  tw: number,
  th: number,
): Promise<Uint8Array> {
  const out = await sharp(Buffer.from(src), { raw: { width: w, height: h, channels: 1 } })
    .resize(tw, th, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (out.info.channels !== 1) throw new Error('Expected a one-channel image');
  return new Uint8Array(out.data);
}

async function stylise(photo: Buffer): Promise<ToyArt> {
  const decoded = await sharp(photo, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .resize(ANALYSIS, ANALYSIS, { fit: 'inside' })
    .removeAlpha()
    .png()
    .toBuffer();
  // The median removes grain and fur texture without blurring the toy's edges.
  const small = await sharp(decoded).median(5).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width: aw, height: ah } = small.info;
  const mask = toyMask(small.data, aw, ah);

  let minX = aw;
  let minY = ah;
  let maxX = 0;
  let maxY = 0;
  for (let y = 0; y < ah; y++)
    for (let x = 0; x < aw; x++)
      if (mask[y * aw + x]) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
  const bw = maxX - minX + 1;
  const bh = maxY - minY + 1;
  const crop = (src: Uint8Array | Buffer, channels: number) => {
    const out = new Uint8Array(bw * bh * channels);
    for (let y = 0; y < bh; y++)
      out.set(
        src.subarray(((minY + y) * aw + minX) * channels, ((minY + y) * aw + minX + bw) * channels),
        y * bw * channels,
      );
    return out;
  };
  const cropMask = crop(
    mask.map((v) => v * 255),
    1,
  );
  const cropRgb = crop(small.data, 3);

  // Flat colours: k-means over the toy's pixels; colours closer than a shade are merged.
  const inside: Rgb[] = [];
  for (let i = 0; i < bw * bh; i++)
    if (cropMask[i]) inside.push([cropRgb[i * 3]!, cropRgb[i * 3 + 1]!, cropRgb[i * 3 + 2]!]);
  const centres: Rgb[] = [];
  for (const c of kmeans(inside, COLOURS)) if (!centres.some((d) => dist2(c, d) < 38 * 38)) centres.push(c);
  const labels = new Uint8Array(bw * bh);
  for (let i = 0; i < bw * bh; i++)
    labels[i] = nearest([cropRgb[i * 3]!, cropRgb[i * 3 + 1]!, cropRgb[i * 3 + 2]!], centres);
  const regions = majority(majority(labels, bw, bh, 3, centres.length), bw, bh, 3, centres.length);

  // At the art size: each colour's region enlarged softly, the strongest wins (smooth boundaries).
  const scale = ART_SIZE / Math.max(bw, bh);
  const tw = Math.max(8, Math.round(bw * scale));
  const th = Math.max(8, Math.round(bh * scale));
  const soft = Math.max(2, Math.round(scale * 1.2));
  const alpha = smoothMask(await resizeGrey(cropMask, bw, bh, tw, th), tw, th, soft);
  const layers = await Promise.all(
    centres.map(async (_, c) => {
      const big = await resizeGrey(
        regions.map((l) => (l === c ? 255 : 0)),
        bw,
        bh,
        tw,
        th,
      );
      return boxBlur(big, tw, th, soft);
    }),
  );
  const flat = new Uint8Array(tw * th);
  for (let i = 0; i < tw * th; i++) {
    let best = 0;
    for (let c = 1; c < layers.length; c++) if (layers[c]![i]! > layers[best]![i]!) best = c;
    flat[i] = best;
  }
  const paint = centres.map(([r, g, b]): Rgb => {
    // Like paint: a little brighter, more saturated and warmer than the photo.
    const grey = (r + g + b) / 3;
    const lift = (v: number) => Math.max(0, Math.min(255, grey + (v - grey) * 1.25 + 12));
    return [lift(r + 6), lift(g), lift(b - 6)];
  });

  // The ink: a ring around the silhouette and lines where the flat colours meet.
  const pad = Math.round(ART_SIZE * 0.022);
  const ow = tw + 2 * pad;
  const oh = th + 2 * pad;
  const placed = new Uint8Array(ow * oh);
  for (let y = 0; y < th; y++) placed.set(alpha.subarray(y * tw, (y + 1) * tw), (y + pad) * ow + pad);
  const ring = smoothMask(placed, ow, oh, Math.ceil(pad / 2), 12);
  const edgeR = Math.max(1, Math.round(ART_SIZE / 320));
  const edges = new Uint8Array(tw * th);
  for (let y = 0; y < th; y++)
    for (let x = 0; x < tw; x++) {
      const l = flat[y * tw + x]!;
      if ((x + 1 < tw && flat[y * tw + x + 1] !== l) || (y + 1 < th && flat[(y + 1) * tw + x] !== l))
        edges[y * tw + x] = 255;
    }
  const edgeInk = smoothMask(edges, tw, th, edgeR, 40);
  // The coloring book's lines are bolder: a crayon needs to see where a region ends.
  // Grown from the colour lines themselves: blurring the one-pixel edges wider would fade thin
  // features (eyes, nose) below the cut and keep only the busiest edges.
  const lineInk = smoothMask(edgeInk, tw, th, 2, 50);
  // No inner lines hugging the silhouette: there the photo's blended edge colours make a second,
  // wobbly outline beside the ring.
  const core = smoothMask(alpha, tw, th, edgeR * 4, 250);
  for (let i = 0; i < tw * th; i++) {
    edgeInk[i] = Math.round((edgeInk[i]! * core[i]!) / 255);
    lineInk[i] = Math.round((lineInk[i]! * core[i]!) / 255);
  }

  const colourOut = Buffer.alloc(ow * oh * 4);
  const lineOut = Buffer.alloc(ow * oh * 4);
  const ink: Rgb = [0x1d, 0x18, 0x45];
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++) {
      const o = (y * ow + x) * 4;
      const ix = x - pad;
      const iy = y - pad;
      const inArt = ix >= 0 && iy >= 0 && ix < tw && iy < th;
      const a = inArt ? alpha[iy * tw + ix]! / 255 : 0;
      const e = inArt ? (edgeInk[iy * tw + ix]! / 255) * a : 0;
      const fill = inArt ? paint[flat[iy * tw + ix]!]! : ink;
      // Inside: paint, darkened to ink on the colour edges; outside the silhouette: the ink ring.
      const k = a * (1 - e);
      colourOut[o] = Math.round(fill[0] * k + ink[0] * (1 - k));
      colourOut[o + 1] = Math.round(fill[1] * k + ink[1] * (1 - k));
      colourOut[o + 2] = Math.round(fill[2] * k + ink[2] * (1 - k));
      colourOut[o + 3] = Math.max(Math.round(a * 255), ring[y * ow + x]!);
      const le = inArt ? (lineInk[iy * tw + ix]! / 255) * a : 0;
      const v = Math.round(255 * a * (1 - le));
      lineOut[o] = v;
      lineOut[o + 1] = v;
      lineOut[o + 2] = v;
      lineOut[o + 3] = colourOut[o + 3]!;
    }
  }
  const raw = { width: ow, height: oh, channels: 4 as const };
  const [colourPng, linePng] = await Promise.all([
    sharp(colourOut, { raw }).png({ compressionLevel: 9 }).toBuffer(),
    sharp(lineOut, { raw }).png({ compressionLevel: 9 }).toBuffer(),
  ]);
  return { color: colourPng, line: linePng, width: ow, height: oh };
}

/** The most common label in each (2r+1)² window. */
function majority(labels: Uint8Array, w: number, h: number, r: number, k: number): Uint8Array {
  const out = new Uint8Array(labels.length);
  const counts = new Int32Array(k);
  for (let y = 0; y < h; y++) {
    counts.fill(0);
    for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++)
      for (let xx = 0; xx <= Math.min(w - 1, r); xx++) counts[labels[yy * w + xx]!]!++;
    for (let x = 0; x < w; x++) {
      let best = 0;
      for (let c = 1; c < k; c++) if (counts[c]! > counts[best]!) best = c;
      out[y * w + x] = best;
      // Slide the window one column right.
      const leave = x - r;
      const enter = x + r + 1;
      for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++) {
        if (leave >= 0) counts[labels[yy * w + leave]!]!--;
        if (enter < w) counts[labels[yy * w + enter]!]!++;
      }
    }
  }
  return out;
}

const cache = new Map<string, Promise<ToyArt>>();
const CACHE_SIZE = 8;

/** The toy cut out of its photo and stylised; memoised by the photo's hash (a small LRU). */
export function cutOutToy(photo: Buffer): Promise<ToyArt> {
  const key = createHash('sha256').update(photo).digest('hex');
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const made = stylise(photo);
  cache.set(key, made);
  made.catch(() => cache.delete(key));
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return made;
}

// ---------------------------------------------------------------------------------------------

/** The toy's height in figure units; the scene scales figures anyway. */
const TOY_HEIGHT = 400;

const r1 = (value: number) => Math.round(value * 10) / 10;

/** The toy posed for a page: the cut-out placed, tilted and decorated per pose. */
export function drawToy(o: ToyOptions): Figure {
  const { art, pose, style } = o;
  const line = style === 'line';
  const ink = line ? '#000000' : INK;
  const sw = line ? 6 : 4.5;
  const base = pose === 'held' ? 0.62 : pose === 'guarding' ? 1.12 : 1;
  const h = TOY_HEIGHT * base;
  const w = (h * art.width) / art.height;
  const png = (line ? art.line : art.color).toString('base64');
  const image = `<image href="data:image/png;base64,${png}" x="0" y="0" width="${r1(w)}" height="${r1(h)}" preserveAspectRatio="none"/>`;
  const m = 60; // margin around the toy for its decorations
  let width = w + 2 * m;
  let height = h + 2 * m;
  let inner = '';
  let extra = '';
  let anchors: Figure['anchors'] = {
    head: { x: m + w / 2, y: m + h * 0.25 },
    hand: { x: m + w * 0.85, y: m + h * 0.55 },
    arms: { x: m + w / 2, y: m + h * 0.55 },
    ground: { x: m + w / 2, y: m + h },
  };
  const arc = (d: string) =>
    `<path d="${d}" fill="none" stroke="${ink}" stroke-width="${sw}" stroke-linecap="round"/>`;
  const star = (x: number, y: number, s: number) =>
    `<path d="M${r1(x)} ${r1(y - s)} Q${r1(x + s * 0.2)} ${r1(y - s * 0.2)} ${r1(x + s)} ${r1(y)} Q${r1(x + s * 0.2)} ${r1(y + s * 0.2)} ${r1(x)} ${r1(y + s)} Q${r1(x - s * 0.2)} ${r1(y + s * 0.2)} ${r1(x - s)} ${r1(y)} Q${r1(x - s * 0.2)} ${r1(y - s * 0.2)} ${r1(x)} ${r1(y - s)}Z" fill="${line ? '#ffffff' : '#ffd45e'}" stroke="${ink}" stroke-width="${sw * 0.6}" stroke-linejoin="round"/>`;
  switch (pose) {
    case 'hopping':
      // Tilted mid-hop with two motion arcs underneath.
      inner = `<g transform="translate(${r1(m)} ${r1(m - 30)}) rotate(-10 ${r1(w / 2)} ${r1(h)})">${image}</g>`;
      extra =
        arc(`M${r1(m + w * 0.2)} ${r1(m + h + 10)} q ${r1(w * 0.15)} -26 ${r1(w * 0.3)} 0`) +
        arc(`M${r1(m + w * 0.55)} ${r1(m + h + 24)} q ${r1(w * 0.12)} -20 ${r1(w * 0.24)} 0`);
      anchors = {
        ...anchors,
        head: { x: m + w / 2 - 20, y: m + h * 0.25 - 30 },
        ground: { x: m + w / 2, y: m + h + 30 },
      };
      break;
    case 'peeking': {
      // Only the top: the scene's edge (a bed, a box, a window sill) hides the rest.
      const shown = h * 0.55;
      height = shown + m;
      inner = `<svg x="${m}" y="${m}" width="${r1(w)}" height="${r1(shown)}" viewBox="0 0 ${r1(w)} ${r1(shown)}" overflow="hidden">${image}</svg>`;
      anchors = {
        head: { x: m + w / 2, y: m + h * 0.25 },
        hand: { x: m + w * 0.85, y: m + shown * 0.9 },
        arms: { x: m + w / 2, y: m + shown * 0.8 },
        ground: { x: m + w / 2, y: m + shown },
      };
      break;
    }
    case 'flying': {
      // Tilted forward, a little cape behind and a trail of sparkles.
      width = w + 3 * m + 80;
      const cx = 2 * m + 80;
      const cape = `<path d="M${r1(cx + w * 0.3)} ${r1(m + h * 0.32)} Q${r1(cx - 40)} ${r1(m + h * 0.2)} ${r1(cx - 80)} ${r1(m + h * 0.55)} Q${r1(cx - 20)} ${r1(m + h * 0.62)} ${r1(cx + w * 0.4)} ${r1(m + h * 0.45)} Z" fill="${line ? '#ffffff' : '#e4677a'}" stroke="${ink}" stroke-width="${sw}" stroke-linejoin="round"/>`;
      inner = `<g transform="rotate(-18 ${r1(cx + w / 2)} ${r1(m + h / 2)})">${cape}<g transform="translate(${r1(cx)} ${r1(m)})">${image}</g></g>`;
      extra = star(40, m + h * 0.7, 16) + star(90, m + h * 0.82, 11) + star(26, m + h * 0.95, 8);
      anchors = {
        head: { x: cx + w * 0.55, y: m + h * 0.22 },
        hand: { x: cx + w * 0.9, y: m + h * 0.45 },
        arms: { x: cx + w / 2, y: m + h * 0.55 },
        ground: { x: cx + w / 2, y: m + h },
      };
      break;
    }
    case 'sleeping': {
      // On its side, with a couple of z's.
      width = h + 2 * m + 60;
      height = w + 2 * m + 60;
      inner = `<g transform="translate(${r1(m + h)} ${r1(m + 60)}) rotate(90)">${image}</g>`;
      const z = (x: number, y: number, s: number) =>
        `<path d="M${x} ${y} h${s} l${-s} ${s} h${s}" fill="none" stroke="${ink}" stroke-width="${sw * 0.8}" stroke-linecap="round" stroke-linejoin="round"/>`;
      extra = z(m + h + 10, 40, 26) + z(m + h + 44, 10, 18);
      anchors = {
        head: { x: m + h * 0.75, y: m + 60 + w / 2 },
        hand: { x: m + h * 0.5, y: m + 60 },
        arms: { x: m + h / 2, y: m + 60 + w / 2 },
        ground: { x: m + h / 2, y: m + 60 + w },
      };
      break;
    }
    case 'waving':
      inner = `<g transform="translate(${r1(m)} ${r1(m)}) rotate(5 ${r1(w / 2)} ${r1(h)})">${image}</g>`;
      extra =
        arc(`M${r1(m + w + 4)} ${r1(m + h * 0.2)} q 22 10 24 34`) +
        arc(`M${r1(m + w + 22)} ${r1(m + h * 0.12)} q 26 14 28 44`);
      break;
    default:
      // sitting, held, guarding: upright.
      inner = `<g transform="translate(${r1(m)} ${r1(m)})">${image}</g>`;
  }
  let svg = `${inner}${extra}`;
  if (o.facing === 'left') {
    svg = `<g transform="translate(${r1(width)} 0) scale(-1 1)">${svg}</g>`;
    const flip = (q: { x: number; y: number }) => ({ x: width - q.x, y: q.y });
    anchors = {
      head: flip(anchors.head),
      hand: flip(anchors.hand),
      arms: flip(anchors.arms),
      ground: flip(anchors.ground),
    };
  }
  return { svg: `<g class="toy">${svg}</g>`, width: r1(width), height: r1(height), anchors };
}
