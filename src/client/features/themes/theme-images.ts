import type { CatalogImage } from '../../../shared/contracts/catalog';

const SMALL_WIDTH = 600;

/**
 * `srcSet` for a catalogue image: each `name.webp` has a 600 px wide `name-600.webp` beside it, so a
 * phone downloads a quarter of the pixels.
 */
export function catalogSrcSet(image: CatalogImage): string | undefined {
  if (!image.src.endsWith('.webp') || image.width <= SMALL_WIDTH) return undefined;
  return `${image.src.replace(/\.webp$/, `-${SMALL_WIDTH}.webp`)} ${SMALL_WIDTH}w, ${image.src} ${image.width}w`;
}
