import sharp from 'sharp';

/** A small real image of one colour, in the given format. */
export function makeImage(
  format: 'png' | 'jpeg' | 'webp',
  { width = 16, height = 16, color = '#3355aa' }: { width?: number; height?: number; color?: string } = {},
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG "photo" with varied bytes, so that a re-encoded or truncated copy would not match it. */
export async function makePhoto(): Promise<Buffer> {
  const width = 64;
  const height = 48;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 37 + (i >> 5)) % 256;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** True when the buffer starts with the PNG signature. */
export function isPng(data: Buffer): boolean {
  return data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
}
