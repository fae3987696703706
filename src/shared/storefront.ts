import type { Language } from './i18n';

/**
 * The storefront pages the server renders to HTML (issue 19, docs/decisions/017): the shop's
 * window, the same for every visitor of a language. The app pages (admin, auth) stay the
 * single-page app; the reader, the profile and the first steps of the checkout and the wizard are
 * painted for a signed-in parent (`personalPage`).
 */
const STOREFRONT_PATTERNS = [
  /^\/$/,
  /^\/themes\/?$/,
  /^\/theme\/[^/]+\/?$/,
  /^\/(faq|privacy|terms|affiliate)\/?$/,
];

/** True for a path the server paints from HTML. */
export function isStorefrontPage(pathname: string): boolean {
  return STOREFRONT_PATTERNS.some((pattern) => pattern.test(pathname));
}

/**
 * A parent's own page (issue 33): the server paints it too, but only for its signed-in owner, read
 * with their own session, never kept or shared. The reader `/book/{id}`, the profile `/profile`
 * (its tab is in the query string, `?tab=`), the checkout `/checkout/{bookId}` and the wizard
 * `/wizard` (their first steps).
 */
export type PersonalPage =
  | { page: 'reader'; bookId: string }
  | { page: 'profile' }
  | { page: 'checkout'; bookId: string }
  | { page: 'wizard' };

/** The personal pages the server paints, the one list of them (docs/decisions/017). */
const PERSONAL_PAGES: Array<{ pattern: RegExp; page: (segment: string | undefined) => PersonalPage }> = [
  { pattern: /^\/book\/([^/]+)\/?$/, page: (segment) => ({ page: 'reader', bookId: segment ?? '' }) },
  { pattern: /^\/profile\/?$/, page: () => ({ page: 'profile' }) },
  { pattern: /^\/checkout\/([^/]+)\/?$/, page: (segment) => ({ page: 'checkout', bookId: segment ?? '' }) },
  { pattern: /^\/wizard\/?$/, page: () => ({ page: 'wizard' }) },
];

/** Which personal page a path is, or null for any other path (or a malformed address). */
export function personalPage(pathname: string): PersonalPage | null {
  for (const { pattern, page } of PERSONAL_PAGES) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    try {
      return page(match[1] === undefined ? undefined : decodeURIComponent(match[1]));
    } catch {
      return null; // a malformed address: the app says so itself
    }
  }
  return null;
}

/** The id of the `<script type="application/json">` that hands the server's render to the client. */
export const STOREFRONT_STATE_ID = 'storefront-state';

/** Dispatched on `document` once a server-painted page is hydrated (src/client/storefront.ts). */
export const HYDRATED_EVENT = 'shop:hydrated';

/** localStorage key of the favourites: a JSON array of "{themeId}-{type}" (docs/spec.md section 3). */
export const FAVOURITES_STORAGE_KEY = 'favoritedThemes';

/** The cookie that carries the visitor's language choice to the server (the browser keeps it too). */
export const LANGUAGE_COOKIE = 'language';

/** The `document.cookie` assignment that saves a language choice for a year, for every page. */
export const languageCookie = (language: string) =>
  `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=31536000; samesite=lax`;

/** What the server's render leaves for the client to hydrate with. */
export type StorefrontState = {
  language: Language;
  /** The namespaces the page read, loaded before hydration so the first client render matches. */
  namespaces: string[];
  /** TanStack Query's dehydrated cache: the API reads the page was rendered with. */
  queries: unknown;
};

/** What `render` needs from the server. */
type StorefrontRenderInput = {
  /** The path and query string. */
  url: string;
  language: Language;
  /** Every namespace's texts, by language: `resources[language][namespace]`. */
  resources: Record<string, Record<string, unknown>>;
  /** One of the shop's own API reads (GET, JSON); throws when it does not answer 200. */
  fetchJson: (path: string) => Promise<unknown>;
  /**
   * A personal page's start the app would POST on arrival (the wizard's session), with the
   * visitor's cookie; the cookies it sets go with the page. Absent for shared pages.
   */
  postJson?: (path: string, body: unknown) => Promise<unknown>;
  /** The attributes the page's `<html>` carries (data-shop-mode, data-payments…), without `data-`. */
  dataset: Record<string, string>;
  /**
   * The visitor has a session cookie: the header of a storefront page is left to the client (never
   * in shared HTML). The reader's reads (`fetchJson`) carry the visitor's session instead.
   */
  mayBeSignedIn: boolean;
};

export type StorefrontRender = {
  html: string;
  title: string;
  description: string;
  state: StorefrontState;
};

/** The server bundle's export (src/client/entry-server.tsx); null when the page is not to be rendered. */
export type StorefrontRenderer = (input: StorefrontRenderInput) => Promise<StorefrontRender | null>;

/**
 * The attributes a painted page's later pictures wait in (issue 19): the storefront script moves
 * them to `src`/`srcset` once the page has loaded, so the first picture has the network to itself.
 */
export const DEFERRED_SRC_ATTRIBUTE = 'data-defer-src';
export const DEFERRED_SRCSET_ATTRIBUTE = 'data-defer-srcset';

/**
 * The cookie that says this browser has had the shop's web fonts (issue 19): a painted page then
 * names them at once (they are in the browser's cache), where a first visit gets them only after its
 * first picture, from the `<noscript>` with this id (read at once without JavaScript).
 */
export const FONTS_COOKIE = 'fonts';
export const fontsCookie = () => `${FONTS_COOKIE}=1; path=/; max-age=31536000; samesite=lax`;
export const WEB_FONTS_ELEMENT_ID = 'web-fonts';
