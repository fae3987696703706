import type { ChildLook } from '../../../../shared/domain/child-look';

/**
 * Where the browser loads a brother, sister or friend drawn from a look (issue 35): the server draws
 * them as the book will, so the preview is what the pages show.
 */
export const childPreviewUrl = (look: ChildLook) =>
  `/api/wizard/child-preview?${new URLSearchParams({ look: JSON.stringify(look) }).toString()}`;
