import sharp from 'sharp';
import type { ErrorCode } from '../../../shared/domain/errors';
import type { CoverResult, PageStyle } from './index';

/** Where a hosted adapter reports failures (a pino / Fastify logger fits). Never given photos, images or keys. */
export type IllustratorLogger = { warn(details: Record<string, unknown>, message: string): void };

export const silentLogger: IllustratorLogger = { warn() {} };

/** The largest image decoded from a model's answer (they return about 1 MP). */
const MAX_IMAGE_PIXELS = 40_000_000;

export function fail(code: ErrorCode, message: string): CoverResult {
  return { ok: false, code, message };
}

/** The image as PNG (JPEG / WebP answers are converted), or null when it cannot be decoded. */
export async function toPng(data: Buffer): Promise<Buffer | null> {
  if (data.length === 0) return null;
  try {
    return await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS }).png().toBuffer();
  } catch {
    return null;
  }
}

/**
 * A model's page as the PNG the shop asked for: `size` x `size` (models answer about 1024 px, and not
 * always square), and pure grey for a coloring page. Null when the image cannot be decoded.
 */
export async function toPagePng(data: Buffer, size: number, style: PageStyle): Promise<Buffer | null> {
  if (data.length === 0) return null;
  try {
    const image = sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .resize(size, size, { fit: 'cover', kernel: 'lanczos3' })
      .flatten({ background: '#ffffff' });
    return await (style === 'line' ? image.toColourspace('b-w') : image).png().toBuffer();
  } catch {
    return null;
  }
}

/** The MIME type of an image from its first bytes (the covers are PNG; a JPEG or WebP is named as such). */
export function imageMimeType(data: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (
    data.length >= 12 &&
    data.toString('latin1', 0, 4) === 'RIFF' &&
    data.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  return 'image/png';
}
