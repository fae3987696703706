import { createRequire } from 'node:module';

/**
 * HEIC/HEIF photos (what iPhones take) decoded on the server (issue 36: "HEIC and WebP accepted,
 * converted on the server"): sharp here reads JPEG, PNG, WebP and AVIF but not HEVC-coded HEIF, so the
 * primary image is decoded with libheif compiled to WebAssembly (`libheif-js`, LGPL-3.0, loaded only
 * when a HEIC photo arrives) and handed to sharp as raw pixels. The image's rotation and crop
 * properties (irot, imir, clap) are applied by libheif, as a phone shows the photo.
 */

/** The ftyp major brands of HEVC-coded HEIF images and sequences (what an iPhone writes). */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** Whether the bytes are a HEIF file coded with HEVC (an AVIF file, also HEIF, is read by sharp). */
export function isHeic(bytes: Buffer): boolean {
  if (bytes.length < 12 || bytes.toString('ascii', 4, 8) !== 'ftyp') return false;
  const brand = bytes.toString('ascii', 8, 12);
  if (!HEIC_BRANDS.has(brand)) return false;
  // `mif1` is the generic still-image brand: an AVIF says `avif` among its compatible brands.
  const boxSize = bytes.readUInt32BE(0);
  const compatible = bytes.toString('ascii', 16, Math.min(boxSize, bytes.length, 64));
  return !(brand === 'mif1' && compatible.includes('avif'));
}

type HeifImage = {
  get_width(): number;
  get_height(): number;
  display(
    target: { data: Uint8ClampedArray; width: number; height: number },
    done: (result: { data: Uint8ClampedArray } | null) => void,
  ): void;
  free(): void;
};
type Libheif = {
  HeifDecoder: new () => { decode(bytes: Buffer): HeifImage[]; decoder: { delete(): void } };
};

let libheif: Libheif | undefined;
function loadLibheif(): Libheif {
  // CommonJS with the WebAssembly inside the bundle: nothing fetched, one load per process.
  libheif ??= createRequire(import.meta.url)('libheif-js/wasm-bundle') as Libheif;
  return libheif;
}

export type DecodedHeic = { data: Buffer; width: number; height: number };

/**
 * The primary image of a HEIC file as RGBA pixels, refused before decoding when it has more than
 * `maxPixels` (a decompression bomb) or when the file holds no image.
 */
export async function decodeHeic(bytes: Buffer, maxPixels: number): Promise<DecodedHeic> {
  const { HeifDecoder } = loadLibheif();
  const decoder = new HeifDecoder();
  const images = decoder.decode(bytes);
  try {
    const image = images[0];
    if (!image) throw new HeicError('no image in the file');
    const width = image.get_width();
    const height = image.get_height();
    if (width * height > maxPixels) throw new HeicTooLarge(width, height);
    const pixels = await new Promise<Uint8ClampedArray>((resolve, reject) => {
      image.display({ data: new Uint8ClampedArray(width * height * 4), width, height }, (result) =>
        result ? resolve(result.data) : reject(new HeicError('the image could not be decoded')),
      );
    });
    return { data: Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), width, height };
  } finally {
    for (const image of images) image.free();
    decoder.decoder.delete();
  }
}

export class HeicError extends Error {}
export class HeicTooLarge extends HeicError {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`${width} x ${height} pixels`);
  }
}
