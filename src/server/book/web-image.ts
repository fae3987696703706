import type { Sharp } from 'sharp';

/**
 * The formats a book's pictures are sent to a browser in (never the print PNG). AVIF where the
 * browser says it takes it: a 720 px page is ~40 % lighter than the WebP at about the same look
 * (issue 33: the reader's and the checkout's largest picture is the front cover, and its download
 * was most of their LCP on a phone); WebP otherwise.
 */
export type WebImageFormat = 'webp' | 'avif';

/** The format for a request's `Accept` header. */
export function webImageFormat(accept: string | undefined): WebImageFormat {
  return accept && /(^|[\s,])image\/avif(\s*[,;]|$)/i.test(accept) ? 'avif' : 'webp';
}

/**
 * Encodes a picture for the web. AVIF at quality 55 and effort 2: measured on the catalogue's
 * pictures at 720 px, 13–24 KB against WebP 80's 28–39 KB, ~0.3 s to encode once (effort 4, the
 * default, took ~2 s for 2–4 KB less); each rendition is made once and kept.
 */
export function encodeForWeb(image: Sharp, format: WebImageFormat): Promise<Buffer> {
  return (
    format === 'avif' ? image.avif({ quality: 55, effort: 2 }) : image.webp({ quality: 80 })
  ).toBuffer();
}
