import sharp from 'sharp';
import { pixelsFor, pointsFor } from './spec';

/** JPEG quality of printed pictures: no visible loss at 300 ppi, a quarter of the size of q100. */
const PRINT_JPEG_QUALITY = 88;
/** Refuse absurd inputs before decoding (sharp trusts the header; 40 MP is ~6300 px square). */
const MAX_INPUT_PIXELS = 40_000_000;

export type PrintImage = {
  /**
   * A baseline JPEG, sRGB (or greyscale), ready for pdf-lib's embedJpg; or lossless 8-bit grey
   * (line art: a PNG's zlib data, which a PDF reads as Flate with the PNG predictor).
   */
  data: { format: 'jpeg'; jpeg: Buffer } | { format: 'grey'; flate: Buffer };
  widthPx: number;
  heightPx: number;
  /** The size to draw it at, in points: the box when cropped to it, else exactly 300 ppi. */
  width: number;
  height: number;
};

export type FitMode =
  /** Fill the box, cropping what overflows (centred): full-bleed pictures. */
  | 'cover'
  /** Fit inside the box without cropping: line art on white. */
  | 'contain';

/**
 * Resizes a PNG or JPEG to exactly the pixels needed to print it over a box of `width` x `height`
 * points at 300 ppi, in sRGB (or greyscale), as a JPEG. One image is decoded at a time per call.
 */
export async function prepareImage(
  input: Buffer,
  box: { width: number; height: number },
  { fit, greyscale = false }: { fit: FitMode; greyscale?: boolean },
): Promise<PrintImage> {
  // A cropped picture must cover its box to the edge: round its pixels up (at most 300.5 ppi).
  const toPixels =
    fit === 'cover' ? (points: number) => Math.ceil(pixelsFor(points, 'exact') - 1e-6) : pixelsFor;
  const boxWidthPx = toPixels(box.width);
  const boxHeightPx = toPixels(box.height);
  const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(boxWidthPx, boxHeightPx, {
      fit: fit === 'cover' ? 'cover' : 'inside',
      position: 'centre',
      kernel: 'lanczos3',
    })
    // Transparent areas print white, not black.
    .flatten({ background: '#ffffff' });
  if (greyscale) {
    // Line art is kept lossless: JPEG rings round black lines on white, and its 8x8 blocks show.
    // 'b-w' makes one channel (DeviceGray); greyscale() alone keeps three identical channels.
    const { data, info } = await pipeline
      .toColourspace('b-w')
      .png({ compressionLevel: 9, adaptiveFiltering: true, palette: false })
      .toBuffer({ resolveWithObject: true });
    return {
      data: { format: 'grey', flate: pngImageData(data) },
      widthPx: info.width,
      heightPx: info.height,
      width: fit === 'cover' ? box.width : pointsFor(info.width),
      height: fit === 'cover' ? box.height : pointsFor(info.height),
    };
  }
  const { data, info } = await pipeline
    .toColourspace('srgb')
    .jpeg({ quality: PRINT_JPEG_QUALITY, progressive: false })
    .toBuffer({ resolveWithObject: true });
  return {
    data: { format: 'jpeg', jpeg: data },
    widthPx: info.width,
    heightPx: info.height,
    width: fit === 'cover' ? box.width : pointsFor(info.width),
    height: fit === 'cover' ? box.height : pointsFor(info.height),
  };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The zlib stream of an 8-bit greyscale, non-interlaced PNG (its IDAT chunks joined). PDF's
 * FlateDecode with `/Predictor 15` reads exactly this, so the picture goes in without re-encoding.
 */
function pngImageData(png: Buffer): Buffer {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('Not a PNG');
  const parts: Buffer[] = [];
  let offset = 8;
  while (offset + 8 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      const [bitDepth, colourType, , , interlace] = body.subarray(8, 13);
      if (bitDepth !== 8 || colourType !== 0 || interlace !== 0) {
        throw new Error(`Expected an 8-bit grey PNG, got depth ${bitDepth} type ${colourType}`);
      }
    } else if (type === 'IDAT') parts.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  return Buffer.concat(parts);
}

/** The dominant colour of an image as `#rrggbb` (for the cover's back and spine). */
export async function dominantColour(input: Buffer): Promise<string> {
  const { dominant } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize(64, 64, { fit: 'cover' })
    .toColourspace('srgb')
    .stats();
  return `#${[dominant.r, dominant.g, dominant.b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Maps `items` through `task` with at most `limit` running at once, results in order. sharp works
 * off the main thread, so one task per core keeps the cores busy while few images are decoded.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** A rectangle as fractions (0–1) of a square picture, measured from its top-left corner. */
export type PictureRegion = { left: number; top: number; width: number; height: number };

const DETAIL_GRID = 128;

/**
 * How busy a part of a picture is: the mean brightness change between neighbouring pixels of a
 * 128 px greyscale copy, 0 (flat) to 255. Faces, outlines and rings score high; sky and ground low.
 */
export async function regionDetail(input: Buffer, regions: readonly PictureRegion[]): Promise<number[]> {
  const { data } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(DETAIL_GRID, DETAIL_GRID, { fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => data[y * DETAIL_GRID + x] ?? 0;
  return regions.map((region) => {
    const x0 = Math.max(0, Math.floor(region.left * DETAIL_GRID));
    const y0 = Math.max(0, Math.floor(region.top * DETAIL_GRID));
    const x1 = Math.min(DETAIL_GRID - 1, Math.ceil((region.left + region.width) * DETAIL_GRID));
    const y1 = Math.min(DETAIL_GRID - 1, Math.ceil((region.top + region.height) * DETAIL_GRID));
    let sum = 0;
    let count = 0;
    for (let y = y0; y < y1; y += 1) {
      for (let x = x0; x < x1; x += 1) {
        sum += Math.abs(at(x + 1, y) - at(x, y)) + Math.abs(at(x, y + 1) - at(x, y));
        count += 2;
      }
    }
    return count === 0 ? 0 : sum / count;
  });
}
