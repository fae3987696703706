import type { ProfileOrder } from '../../../../shared/contracts/profile';

const segment = encodeURIComponent;

/** One picture of a book, as a download (the server sends it as an attachment). */
export const imageDownloadHref = (imageId: string) => `/api/profile/images/${segment(imageId)}?download=1`;

export const bookPdfHref = (bookId: string) => `/api/profile/books/${segment(bookId)}/pdf`;

export const EXPORT_HREF = '/api/profile/export';

/** Reorder: the same kind of book for the same child, chosen again from the themes. */
export function reorderHref(order: Pick<ProfileOrder, 'bookType' | 'character'>): string {
  const query = new URLSearchParams({ type: order.bookType });
  if (order.character) query.set('character', order.character.id);
  return `/themes?${query}`;
}

/** Make Sibling Version: the wizard starts from this order's answers. */
export const siblingHref = (orderId: string) => `/wizard?${new URLSearchParams({ clone: orderId })}`;

export const orderHref = (orderId: string) => `/order-confirmation/${segment(orderId)}`;

/** The tabs of the page, as `?tab=` spells them; the first is the default. */
export const PROFILE_TABS = ['active-generations', 'orders', 'data-controls'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export function parseProfileTab(value: string | null): ProfileTab {
  return PROFILE_TABS.find((tab) => tab === value) ?? 'active-generations';
}
