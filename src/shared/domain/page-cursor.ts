/**
 * Keyset page cursors (issue 19): the last row of a page as an opaque token, its creation time to
 * the microsecond and its id (the tie-breaker), base64url-encoded. Pure, so the shared schemas can
 * refuse a bad cursor before any query runs.
 */

/** The last row of a page: its `created_at` (ISO 8601, microseconds, UTC) and id. */
export type PageCursor = { createdAt: string; id: string };

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

/** The cursor of a page's last row. */
export function encodePageCursor(cursor: PageCursor): string {
  return btoa(`${cursor.createdAt}|${cursor.id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The row a cursor names, or null when the text is not a cursor this shop made. */
export function decodePageCursor(token: string): PageCursor | null {
  if (!TOKEN.test(token)) return null;
  let text: string;
  try {
    text = atob(token.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const [createdAt = '', id = '', ...rest] = text.split('|');
  if (rest.length > 0 || !TIME.test(createdAt) || !UUID.test(id)) return null;
  if (Number.isNaN(Date.parse(createdAt.replace(/\d{3}Z$/, 'Z')))) return null;
  return { createdAt, id };
}
