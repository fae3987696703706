import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRawStream,
  type PDFStream,
} from 'pdf-lib';
import sharp, { type Sharp } from 'sharp';

// Real detail in a picture: one enlarged from a smaller picture has the pixels but not the detail.
// Its finest band of frequencies (what a slight blur removes) is nearly empty next to the band
// just below it (what a stronger blur then removes); a picture drawn at its size has both.

/** One-channel pixels of a picture. */
export type GreyPixels = { data: Buffer; width: number; height: number };

/**
 * Below this a picture counts as enlarged. Measured on pages of the local illustrator as printed
 * (colour as JPEG q88, line art lossless; docs/decisions/008): drawn at 2625 px, colour 0.50–0.52,
 * line art 0.93–0.95; drawn at 1536 px and enlarged to 2625, 0.20–0.22 and 0.36–0.37; at 1024 px,
 * 0.13 and 0.20.
 */
export const MIN_DETAIL = 0.4;

/** Gaussian blurs (sigma in pixels) that split off the finest band and the band below it. */
const FINE_SIGMA = 0.8;
const COARSE_SIGMA = 2;

/**
 * The energy of the finest band over the energy of the band below it: about 0.5 or more for a
 * picture drawn at its size, 0.1–0.37 for one enlarged 1.7 times or more. `undefined` for a flat
 * picture (nothing to judge).
 */
export async function detailScore(pixels: GreyPixels): Promise<number | undefined> {
  const { data, width, height } = pixels;
  if (width < 16 || height < 16) return undefined;
  const blurred = (sigma: number) =>
    sharp(data, { raw: { width, height, channels: 1 } })
      .blur(sigma)
      .extractChannel(0)
      .raw()
      .toBuffer();
  const [fine, coarse] = await Promise.all([blurred(FINE_SIGMA), blurred(COARSE_SIGMA)]);
  let fineEnergy = 0;
  let coarseEnergy = 0;
  for (let i = 0; i < data.length; i += 1) {
    const f = fine[i] ?? 0;
    const a = (data[i] ?? 0) - f;
    const b = f - (coarse[i] ?? 0);
    fineEnergy += a * a;
    coarseEnergy += b * b;
  }
  // Less than one grey level of structure per hundred pixels: a plain page.
  if (coarseEnergy < data.length / 100) return undefined;
  return fineEnergy / coarseEnergy;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

let CRC_TABLE: Uint32Array | undefined;
function crc32(bytes: Buffer): number {
  CRC_TABLE ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function numberIn(dict: PDFDict | undefined, key: string): number | undefined {
  const value = dict?.get(PDFName.of(key));
  return value instanceof PDFNumber ? value.asNumber() : undefined;
}

/**
 * The pixels of an image XObject as one grey channel, for the images this shop writes: JPEG
 * (DCTDecode), Flate with the PNG predictor (line art), plain Flate (pdf-lib's PNG). `undefined`
 * for any other kind (the detail check then has nothing to say).
 */
export async function imageGreyPixels(stream: PDFStream): Promise<GreyPixels | undefined> {
  if (!(stream instanceof PDFRawStream)) return undefined;
  const dict = stream.dict;
  const width = numberIn(dict, 'Width') ?? 0;
  const height = numberIn(dict, 'Height') ?? 0;
  const bits = numberIn(dict, 'BitsPerComponent') ?? 8;
  const filterValue = dict.get(PDFName.of('Filter'));
  const filter =
    filterValue instanceof PDFName
      ? filterValue.decodeText()
      : filterValue instanceof PDFArray && filterValue.size() === 1
        ? (filterValue.get(0) as PDFName).decodeText()
        : undefined;
  const space = dict.get(PDFName.of('ColorSpace'));
  const channels =
    space instanceof PDFName
      ? ({ DeviceGray: 1, DeviceRGB: 3 } as const)[space.decodeText() as 'DeviceGray']
      : undefined;
  if (!width || !height || bits !== 8) return undefined;
  const toGrey = (image: Sharp) =>
    image
      .toColourspace('b-w')
      .extractChannel(0)
      .raw()
      .toBuffer()
      .then((data) => ({ data, width, height }));

  if (filter === 'DCTDecode') return toGrey(sharp(Buffer.from(stream.contents)));
  if (filter !== 'FlateDecode' || !channels) return undefined;
  const parms = dict.get(PDFName.of('DecodeParms'));
  const predictor = parms instanceof PDFDict ? (numberIn(parms, 'Predictor') ?? 1) : 1;
  if (predictor >= 10) {
    // Flate with the PNG predictor is a PNG's image data: put the PNG's header back round it.
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header[8] = 8;
    header[9] = channels === 1 ? 0 : 2;
    const png = Buffer.concat([
      PNG_SIGNATURE,
      pngChunk('IHDR', header),
      pngChunk('IDAT', Buffer.from(stream.contents)),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
    return toGrey(sharp(png));
  }
  if (predictor !== 1) return undefined;
  const decoded = decodePDFRawStream(stream).decode();
  if (decoded.length < width * height * channels) return undefined;
  return toGrey(sharp(Buffer.from(decoded), { raw: { width, height, channels } }));
}
