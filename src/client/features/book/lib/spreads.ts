import type { BookPreviewPage } from '../../../../shared/contracts/book-preview';

/**
 * The views of the reader: on a wide screen the covers alone and the inside pages two by two, as
 * the open book shows them (title page beside the dedication, then the story); on a phone, one page
 * per view. Each view lists indexes into `pages`.
 */
export function readerViews(pages: readonly BookPreviewPage[], spreads: boolean): number[][] {
  if (!spreads) return pages.map((_, index) => [index]);
  const views: number[][] = [];
  let inside: number[] = [];
  pages.forEach((page, index) => {
    if (page.kind === 'front-cover' || page.kind === 'back-cover') {
      if (inside.length) views.push(inside);
      inside = [];
      views.push([index]);
      return;
    }
    inside.push(index);
    if (inside.length === 2) {
      views.push(inside);
      inside = [];
    }
  });
  if (inside.length) views.push(inside);
  return views;
}

/** The view that shows page `index` (0 when there is none). */
export function viewOf(views: readonly number[][], index: number): number {
  const found = views.findIndex((view) => view.includes(index));
  return found === -1 ? 0 : found;
}
