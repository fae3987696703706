// The storefront's server render (issue 19, docs/decisions/017): built by vite.config.ts into
// `<client folder>/.ssr/entry-server.mjs` and called by src/server/plugins/client.ts per page.
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import i18next, { type Resource } from 'i18next';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { BookPreview } from '../shared/contracts/book-preview';
import { FALLBACK_LANGUAGE } from '../shared/i18n';
import { readerBookId, type StorefrontRenderer } from '../shared/storefront';
import { type AuthSession, SESSION_QUERY_KEY } from './components/auth/get-session';
import { AppProviders, createQueryClient } from './components/layout/app-providers';
import { type DocumentHead, DocumentHeadContext } from './components/layout/use-document-title';
import { bookQueryKey, isDrawing } from './features/book/api/get-book';
import { getThemeQueryOptions } from './features/themes/api/get-theme';
import { THEME_REVIEWS_QUERY_KEY } from './features/themes/api/get-theme-reviews';
import { getThemesQueryOptions } from './features/themes/api/get-themes';
import { readBookType } from './features/themes/links';
import { addNameFormats, DEFAULT_NAMESPACE } from './i18n';
import { getPricesQueryOptions } from './lib/prices';
import { routes } from './router';

const handler = createStaticHandler(routes);

/** The API reads a storefront page shows, as [query key, API path] (the keys of features/themes/api). */
function pageReads(url: URL): Array<[readonly unknown[], string]> {
  const bookId = readerBookId(url.pathname);
  if (bookId !== null) {
    // The reader (issue 33): who is signed in and their book, read with the visitor's own session.
    return [
      [SESSION_QUERY_KEY, '/api/auth/get-session'],
      [bookQueryKey(bookId), `/api/books/${encodeURIComponent(bookId)}`],
    ];
  }
  const type = readBookType(url.searchParams.get('type'));
  const reads: Array<[readonly unknown[], string]> = [
    [getPricesQueryOptions().queryKey, '/api/catalog/prices'],
  ];
  if (url.pathname === '/' || url.pathname.startsWith('/themes')) {
    const listType = url.pathname === '/' ? 'storybook' : type;
    reads.push([getThemesQueryOptions(listType).queryKey, `/api/catalog/themes?type=${listType}`]);
  }
  const themeId = /^\/theme\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  if (themeId) {
    let id: string;
    try {
      id = decodeURIComponent(themeId);
    } catch {
      return reads; // a malformed address: the page says so itself
    }
    const encoded = encodeURIComponent(id);
    reads.push([getThemeQueryOptions(id, type).queryKey, `/api/catalog/themes/${encoded}?type=${type}`]);
    reads.push([THEME_REVIEWS_QUERY_KEY(id), `/api/catalog/themes/${encoded}/reviews`]);
  }
  return reads;
}

/**
 * Whether the reader is painted here: a signed-in owner's book that is ready (a book being drawn
 * polls, a gift copy, a failed or abandoned book and every other case stay the single-page app).
 * The session is cut down to what the app reads of it: no token ever goes into the page.
 */
function paintsReader(address: URL, queryClient: QueryClient, bookId: string): boolean {
  const session = queryClient.getQueryData<AuthSession | null>(SESSION_QUERY_KEY);
  const book = queryClient.getQueryData<BookPreview>(bookQueryKey(bookId));
  if (!session?.user || !book || address.searchParams.has('copy')) return false;
  if (book.pages.length === 0 || isDrawing(book) || book.status === 'archived') return false;
  if (book.status === 'abandoned') return false;
  const { id, email, name, image, emailVerified, language } = session.user;
  const kept: AuthSession = {
    session: { id: session.session.id, expiresAt: session.session.expiresAt },
    user: { id, email, name, image, emailVerified, language },
  };
  queryClient.setQueryData(SESSION_QUERY_KEY, kept);
  return true;
}

// The shop's settings the page reads from `<html data-…>` (lib/shop-settings.ts, the demo ribbon):
// while one render runs (renderToString is synchronous), the server's `document` is this stand-in.
function withDocument<T>(dataset: Record<string, string>, lang: string, run: () => T): T {
  const holder = globalThis as { document?: unknown };
  const previous = holder.document;
  holder.document = { documentElement: { dataset: { ...dataset }, lang } };
  try {
    return run();
  } finally {
    if (previous === undefined) delete holder.document;
    else holder.document = previous;
  }
}

/**
 * Renders a storefront page to HTML in one language with the catalogue it shows, or null when it
 * is not a page to paint on the server (a redirect, a read that failed such as an unknown theme:
 * the single-page app then shows it as today).
 */
export const render: StorefrontRenderer = async ({
  url,
  language,
  resources,
  fetchJson,
  dataset,
  mayBeSignedIn,
}) => {
  const address = new URL(url, 'http://shop.invalid');
  const context = await handler.query(new Request(address));
  if (context instanceof Response || context.statusCode !== 200) return null;

  const queryClient: QueryClient = createQueryClient();
  try {
    const reads = pageReads(address);
    const answers = await Promise.all(reads.map(([, path]) => fetchJson(path)));
    for (const [index, [key]] of reads.entries()) queryClient.setQueryData(key, answers[index]);
  } catch {
    return null;
  }
  const bookId = readerBookId(address.pathname);
  if (bookId !== null) {
    if (!paintsReader(address, queryClient, bookId)) return null;
  } else if (!mayBeSignedIn) {
    // A visitor with no session cookie is signed out: the header shows "Sign in" from the first
    // paint. With one, the header keeps its placeholder and the client reads the session (never in
    // this shared HTML).
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
  }

  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: Object.keys(resources),
    ns: Object.keys(resources[language] ?? {}),
    defaultNS: DEFAULT_NAMESPACE,
    resources: resources as Resource,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  addNameFormats(i18n);

  const head: DocumentHead = {};
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = withDocument(dataset, language, () =>
    renderToString(
      <DocumentHeadContext.Provider value={head}>
        <AppProviders i18n={i18n} queryClient={queryClient} painted>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </DocumentHeadContext.Provider>,
    ),
  );
  // react-i18next notes each namespace a useTranslation asked for; the client loads those first.
  const reported = (i18n as { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces;
  const used = reported?.getUsedNamespaces() ?? [];
  return {
    html,
    title: head.title ?? i18n.t('home:meta.title'),
    description: i18n.t('home:meta.description'),
    state: {
      language,
      namespaces: [...new Set([DEFAULT_NAMESPACE, 'navigation', ...used])],
      queries: dehydrate(queryClient),
    },
  };
};
