import sharp, { type Sharp } from 'sharp';
import { LIMITS } from '../../../shared/constants';
import { AppError } from '../../errors';
import { decodeHeic, HeicTooLarge, isHeic } from './heic';

/** Decoding more pixels than this is refused before any decoding work (decompression bombs). */
const MAX_INPUT_PIXELS = 40_000_000;
/** Stored photos are at most this many pixels on a side: plenty for a 30 cm printed page. */
const MAX_STORED_SIDE = 2400;

type Kind = 'jpeg' | 'png' | 'webp' | 'heic';

/** The image type by its first bytes, whatever the file name or the declared type say. */
export function sniffImageType(bytes: Buffer): Kind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('ascii', 0, 4) === 'RIFF' &&
    bytes.toString('ascii', 8, 12) === 'WEBP'
  )
    return 'webp';
  if (isHeic(bytes)) return 'heic';
  return undefined;
}

export type CleanPhoto = { data: Buffer; width: number; height: number };

/**
 * Checks an uploaded photo by its content and re-encodes it: the phone's orientation applied, every
 * piece of metadata (EXIF, GPS, ICC comments) dropped, at most MAX_STORED_SIDE pixels, JPEG.
 */
export async function cleanPhoto(bytes: Buffer): Promise<CleanPhoto> {
  if (bytes.length > LIMITS.photoMaxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The photo is larger than 10 MB.');
  }
  const kind = sniffImageType(bytes);
  if (!kind) {
    throw new AppError('IMAGE_INVALID_FORMAT', 'Please upload an image file (JPG, PNG, WebP or HEIC).');
  }
  if (kind === 'heic') {
    const decoded = await readHeic(bytes);
    checkDimensions(decoded.width, decoded.height);
    const raw = { width: decoded.width, height: decoded.height, channels: 4 } as const;
    return encodeCleaned(sharp(decoded.data, { raw, limitInputPixels: MAX_INPUT_PIXELS }));
  }
  let header: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw unreadable(error);
  }
  checkDimensions(header.width ?? 0, header.height ?? 0);
  return encodeCleaned(sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate());
}

const unreadable = (cause: unknown) =>
  new AppError('IMAGE_INVALID_FORMAT', 'This image could not be read. Please upload another photo.', {
    cause,
  });

/** Too many pixels (a decompression bomb) or too few for a printed page: refused before any work. */
function checkDimensions(width: number, height: number): void {
  if (width * height > MAX_INPUT_PIXELS) {
    throw new AppError(
      'IMAGE_INVALID_FORMAT',
      'This image has too many pixels. Please upload a smaller photo.',
    );
  }
  if (width < LIMITS.photoMinPixels || height < LIMITS.photoMinPixels) {
    throw new AppError('IMAGE_TOO_SMALL', 'The photo must be at least 300 x 300 pixels.');
  }
}

/** A HEIC photo's pixels (heic.ts), its size checked before it is decoded. */
async function readHeic(bytes: Buffer) {
  try {
    return await decodeHeic(bytes, MAX_INPUT_PIXELS);
  } catch (error) {
    if (error instanceof HeicTooLarge) checkDimensions(error.width, error.height);
    throw unreadable(error);
  }
}

/** The stored photo: at most MAX_STORED_SIDE pixels, JPEG, no metadata (sharp writes none unless asked). */
async function encodeCleaned(image: Sharp): Promise<CleanPhoto> {
  try {
    const { data, info } = await image
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 92 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw unreadable(error);
  }
}
