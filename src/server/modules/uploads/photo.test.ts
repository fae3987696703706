import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../errors';
import { cleanPhoto, sniffImageType } from './photo';

const require = createRequire(import.meta.url);
const samples = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return (error as AppError).code;
  }
  return 'accepted';
}

describe('cleanPhoto', () => {
  it('removes EXIF and GPS from a real phone photo and keeps a JPEG', async () => {
    const original = await fs.readFile(path.join(samples, 'sample1.jpg'));
    const before = await sharp(original).metadata();
    expect(before.exif, 'the sample photo must carry EXIF for this test to mean anything').toBeDefined();
    // The GPS IFD pointer (tag 0x8825), in either byte order: the photo says where it was taken.
    const gpsTag = (exif: Buffer) =>
      exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
    expect(gpsTag(before.exif!)).toBe(true);

    const cleaned = await cleanPhoto(original);
    const after = await sharp(cleaned.data).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(cleaned.data.includes(Buffer.from('Exif\0\0', 'binary'))).toBe(false);
    expect(Math.max(cleaned.width, cleaned.height)).toBeLessThanOrEqual(2400);
  });

  it('applies the orientation a phone wrote instead of keeping the tag', async () => {
    const portrait = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#c84' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const cleaned = await cleanPhoto(portrait);
    expect([cleaned.width, cleaned.height]).toEqual([600, 400]);
    expect((await sharp(cleaned.data).metadata()).orientation).toBeUndefined();
  });

  it('judges the type by the bytes, not the name', async () => {
    expect(sniffImageType(Buffer.from('GIF89a......'))).toBeUndefined();
    expect(await codeOf(cleanPhoto(Buffer.from('%PDF-1.7 not an image')))).toBe('IMAGE_INVALID_FORMAT');
    const png = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    expect(sniffImageType(png)).toBe('png');
    expect((await cleanPhoto(png)).width).toBe(320);
  });

  it('refuses a photo under 300 x 300 pixels', async () => {
    const small = await sharp({ create: { width: 299, height: 800, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    expect(await codeOf(cleanPhoto(small))).toBe('IMAGE_TOO_SMALL');
  });

  it('refuses more than 10 MB', async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10 * 1024 * 1024)]);
    expect(await codeOf(cleanPhoto(big))).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a decompression bomb by its header, without decoding it', async () => {
    // 14000 x 14000 of one colour: a few hundred KB as PNG, ~600 MB once decoded.
    const bomb = await sharp({ create: { width: 14000, height: 14000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const started = performance.now();
    expect(await codeOf(cleanPhoto(bomb))).toBe('IMAGE_INVALID_FORMAT');
    expect(performance.now() - started).toBeLessThan(2000);
  }, 60_000);

  it('refuses a truncated JPEG', async () => {
    const good = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#abc' } })
      .jpeg()
      .toBuffer();
    expect(await codeOf(cleanPhoto(good.subarray(0, 200)))).toBe('IMAGE_INVALID_FORMAT');
  });
});
