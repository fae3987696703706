import type { BookPreview, BookPreviewPage } from '../../../../shared/contracts/book-preview';
import type { CoverType } from '../../../../shared/domain/statuses';

/**
 * The reader's pages with the front cover on `binding` (issue 31): before the book is paid the
 * Softcover/Hardcover switch picks it, and the front cover's picture is asked for on that binding
 * (`&binding=`), as the cover sheet beside it is. The server's own addresses are the order's binding
 * (softcover before an order): unchanged when the switch says the same, so the server-painted
 * reader and the app show the same picture.
 */
export function pagesOnBinding(
  book: Pick<BookPreview, 'pages' | 'binding'>,
  binding: CoverType,
): BookPreviewPage[] {
  if (binding === (book.binding ?? 'softcover')) return book.pages;
  return book.pages.map((page) =>
    page.kind === 'front-cover'
      ? {
          ...page,
          images: page.images.map((image) => ({ ...image, url: `${image.url}&binding=${binding}` })),
        }
      : page,
  );
}
