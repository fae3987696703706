import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../errors';
import { decodeHeic, HeicTooLarge, isHeic } from './heic';
import { cleanPhoto, sniffImageType } from './photo';

const require = createRequire(import.meta.url);
const fixture = path.resolve('test/fixtures/heic/child.heic');

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return { code: (error as AppError).code, message: (error as Error).message };
  }
  return undefined;
}

describe('an iPhone’s HEIC photo', () => {
  it('is taken as a photo and kept as a JPEG of the same picture, with no metadata', async () => {
    const heic = await fs.readFile(fixture);
    expect(sniffImageType(heic)).toBe('heic');
    const cleaned = await cleanPhoto(heic);
    const stored = await sharp(cleaned.data).metadata();
    expect(stored.format).toBe('jpeg');
    expect([cleaned.width, cleaned.height]).toEqual([900, 641]);
    expect(stored.exif).toBeUndefined();
    // The same picture: the decoded colours match the JPEG the HEIC was made from, within coding noise.
    const source = path.join(
      path.dirname(require.resolve('@vladmandic/face-api/package.json')),
      'demo/sample2.jpg',
    );
    const expected = await sharp(source)
      .rotate()
      .resize(900, 900, { fit: 'inside' })
      .resize(16, 16, { fit: 'fill' })
      .raw()
      .toBuffer();
    const got = await sharp(cleaned.data).resize(16, 16, { fit: 'fill' }).raw().toBuffer();
    const difference =
      got.reduce((sum, value, index) => sum + Math.abs(value - (expected[index] ?? 0)), 0) / got.length;
    expect(difference).toBeLessThan(12);
  });

  it('is refused before decoding when it has more pixels than allowed', async () => {
    const heic = await fs.readFile(fixture);
    await expect(decodeHeic(heic, 1000)).rejects.toBeInstanceOf(HeicTooLarge);
  });

  it('is refused with the unreadable-photo message when it is cut off', async () => {
    const heic = await fs.readFile(fixture);
    expect(await refusal(cleanPhoto(heic.subarray(0, 2000)))).toEqual({
      code: 'IMAGE_INVALID_FORMAT',
      message: 'This image could not be read. Please upload another photo.',
    });
  });

  it('is told apart from an AVIF, which is HEIF too and still refused as before', async () => {
    const avif = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#abc' } })
      .avif()
      .toBuffer();
    expect(isHeic(avif)).toBe(false);
    expect((await refusal(cleanPhoto(avif)))?.code).toBe('IMAGE_INVALID_FORMAT');
  });
});
