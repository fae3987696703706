import sharp from 'sharp';
import type { CoverRequest, Illustrator, PageRequest } from '../src/server/adapters/illustrator/index';

/**
 * A quick stand-in for the route tests (the real adapters have their own tests): it answers like an
 * illustrator and records what it was asked. A photo that is one flat colour has "no person / no toy".
 * Pages are small flat pictures (a colour per page number) whatever size is asked: the print module
 * scales them to 300 ppi, and flat pictures keep the production tests fast.
 */
/** The size a worker asks of the fake: below print size, as the fake draws (a worker then skips the real-detail check). */
export const FAKE_PAGE_PIXELS = 1024;

/** True for an illustrator made by createFakeIllustrator, or a test's wrapper spreading it (its request log). */
export function isFakeIllustrator(illustrator: object): boolean {
  return 'pageRequests' in illustrator;
}

export function createFakeIllustrator(): Illustrator & {
  requests: CoverRequest[];
  pageRequests: PageRequest[];
  /** True: a redraw comes out the same as the first drawing (as a hosted model's may, issue 36). */
  redrawsAlike: boolean;
} {
  const requests: CoverRequest[] = [];
  const pageRequests: PageRequest[] = [];
  const fake: Illustrator & { requests: CoverRequest[]; pageRequests: PageRequest[]; redrawsAlike: boolean } =
    {
      kind: 'local',
      requests,
      pageRequests,
      redrawsAlike: false,
      async generateCover(request) {
        requests.push(request);
        const stats = await sharp(request.photo).stats();
        const flat = stats.channels.every((channel) => channel.stdev < 1);
        if (flat) {
          return request.kind === 'hero_generation'
            ? { ok: false, code: 'AI_INVALID_IMAGE_NO_PERSON', message: 'No person was found in this photo.' }
            : {
                ok: false,
                code: 'AI_INVALID_IMAGE_NO_TOY',
                message: 'No plush toy was found in this photo.',
              };
        }
        const image = await sharp(request.photo)
          .resize(256, 256)
          .modulate({ saturation: 1.6 })
          .png()
          .toBuffer();
        return { ok: true, image, mimeType: 'image/png' };
      },
      async illustratePage(request) {
        pageRequests.push(request);
        // A redraw (variant) gets another colour, as the local illustrator draws another picture.
        const variant = fake.redrawsAlike ? 0 : (request.variant ?? 0);
        const hue = (request.pageNumber * 47 + variant * 97) % 360;
        const image = await sharp({
          create: {
            width: 64,
            height: 64,
            channels: 3,
            background: request.style === 'line' ? '#ffffff' : `hsl(${hue}, 60%, 70%)`,
          },
        })
          .png()
          .toBuffer();
        return { ok: true, image, mimeType: 'image/png' };
      },
    };
  return fake;
}
