import sharp from 'sharp';
import type { ErrorCode } from '../../../shared/domain/errors';
import type { CoverResult } from './index';

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
