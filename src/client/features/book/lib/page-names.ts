import type { TFunction } from 'i18next';
import type { BookPreviewPage, PreviewImage } from '../../../../shared/contracts/book-preview';

/** What a page is called in the reader: "Front cover", "Page 3", "Dedication"… */
export function pageName(t: TFunction<'book'>, page: BookPreviewPage): string {
  if (page.kind === 'story') return t('pages.story', { number: page.storyPage ?? page.position });
  return t(`pages.${page.kind}`);
}

/** `srcset` of the web-sized renditions (never the print files). */
export const srcSet = (images: readonly PreviewImage[]) =>
  images.map((image) => `${image.url} ${image.width}w`).join(', ');

/** The rendition closest to `width` from above (the largest when none is that large). */
export function imageAt(images: readonly PreviewImage[], width: number): PreviewImage | undefined {
  return images.find((image) => image.width >= width) ?? images[images.length - 1];
}
