import sharp from 'sharp';
import type { CoverRequest, Illustrator } from '../src/server/adapters/illustrator/index';

/**
 * A quick stand-in for the route tests (the real adapters have their own tests): it answers like an
 * illustrator and records what it was asked. A photo that is one flat colour has "no person / no toy".
 */
export function createFakeIllustrator(): Illustrator & { requests: CoverRequest[] } {
  const requests: CoverRequest[] = [];
  return {
    kind: 'local',
    requests,
    async generateCover(request) {
      requests.push(request);
      const stats = await sharp(request.photo).stats();
      const flat = stats.channels.every((channel) => channel.stdev < 1);
      if (flat) {
        return request.kind === 'hero_generation'
          ? { ok: false, code: 'AI_INVALID_IMAGE_NO_PERSON', message: 'No person was found in this photo.' }
          : { ok: false, code: 'AI_INVALID_IMAGE_NO_TOY', message: 'No plush toy was found in this photo.' };
      }
      const image = await sharp(request.photo)
        .resize(256, 256)
        .modulate({ saturation: 1.6 })
        .png()
        .toBuffer();
      return { ok: true, image, mimeType: 'image/png' };
    },
  };
}
