// The storefront's server render (issue 19, docs/decisions/017): built by vite.config.ts into
// `<client folder>/.ssr/entry-server.mjs` and called by src/server/plugins/client.ts per page.
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import i18next, { type Resource } from 'i18next';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { BookPreview } from '../shared/contracts/book-preview';
import type { CheckoutContext } from '../shared/contracts/checkout';
import type { WizardState } from '../shared/contracts/wizard';
import { parseBookType } from '../shared/domain/statuses';
import { readPrefillId } from '../shared/domain/wizard';
import { FALLBACK_LANGUAGE } from '../shared/i18n';
import { personalPage, type StorefrontRenderer } from '../shared/storefront';
import { type AuthSession, SESSION_QUERY_KEY } from './components/auth/get-session';
import { AppProviders, createQueryClient } from './components/layout/app-providers';
import { type DocumentHead, DocumentHeadContext } from './components/layout/use-document-title';
import { bookQueryKey, isDrawing } from './features/book/api/get-book';
import { checkoutQueryKey } from './features/checkout/api/get-checkout';
import { bookInstancesQueryKey } from './features/profile/api/get-book-instances';
import { getProfileQueryOptions } from './features/profile/api/get-profile';
import { profileOrdersQueryKey } from './features/profile/api/get-profile-orders';
import { parseProfileTab } from './features/profile/lib/links';
import { getThemeQueryOptions } from './features/themes/api/get-theme';
import { THEME_REVIEWS_QUERY_KEY } from './features/themes/api/get-theme-reviews';
import { getThemesQueryOptions } from './features/themes/api/get-themes';
import { readBookType } from './features/themes/links';
import { DEFAULT_THEME_ID } from './features/wizard';
import { wizardStateQueryKey } from './features/wizard/api/wizard-state';
import { addNameFormats, DEFAULT_NAMESPACE } from './i18n';
import { getPricesQueryOptions } from './lib/prices';
import { routes } from './router';

const handler = createStaticHandler(routes);

/** What renderToString writes for a Suspense boundary it leaves to the browser. */
const SUSPENDED_PART = '<!--$!-->';
/** How many times (10 ms apart) a paint waits for a part's code before leaving the page to the app. */
const LAZY_CODE_WAITS = 20;

/**
 * One API read a page shows: its query key, its API path, and for a list read a page at a time
 * (TanStack's infinite queries) the answer as the first page of that list; or the start the app
 * POSTs on arrival, with its body (the wizard's session).
 */
type PageRead =
  | [key: readonly unknown[], path: string, firstPageOf?: 'list']
  | [key: readonly unknown[], path: string, firstPageOf: undefined, post: unknown];

/** The wizard the address starts: a theme and type only (a start from an earlier book: null). */
function wizardStartOf(url: URL) {
  const params = url.searchParams;
  if (['character', 'clone', 'book'].some((name) => readPrefillId(params.get(name)))) return null;
  return {
    themeId: params.get('theme') || DEFAULT_THEME_ID,
    bookType: parseBookType(params.get('type')) ?? 'storybook',
  };
}

/** The API reads a painted page shows (the keys of the features' own api folders). */
function pageReads(url: URL): PageRead[] {
  const personal = personalPage(url.pathname);
  if (personal?.page === 'reader') {
    // The reader (issue 33): who is signed in and their book, read with the visitor's own session.
    return [
      [SESSION_QUERY_KEY, '/api/auth/get-session'],
      [bookQueryKey(personal.bookId), `/api/books/${encodeURIComponent(personal.bookId)}`],
    ];
  }
  if (personal?.page === 'checkout') {
    // The checkout (issue 33): who is signed in and what their book's checkout needs.
    return [
      [SESSION_QUERY_KEY, '/api/auth/get-session'],
      [checkoutQueryKey(personal.bookId), `/api/checkout/${encodeURIComponent(personal.bookId)}`],
    ];
  }
  if (personal?.page === 'wizard') {
    // The wizard (issue 33): who is signed in, and their wizard started or resumed as the app does.
    const start = wizardStartOf(url);
    if (!start) return [[SESSION_QUERY_KEY, '/api/auth/get-session']];
    return [
      [SESSION_QUERY_KEY, '/api/auth/get-session'],
      [wizardStateQueryKey(start), '/api/wizard/session', undefined, start],
    ];
  }
  if (personal?.page === 'profile') {
    // The profile (issue 33): who is signed in, their account, and the list of the open tab.
    const tab = parseProfileTab(url.searchParams.get('tab'));
    const reads: PageRead[] = [
      [SESSION_QUERY_KEY, '/api/auth/get-session'],
      [getProfileQueryOptions().queryKey, '/api/profile'],
    ];
    if (tab === 'active-generations') reads.push([bookInstancesQueryKey, '/api/profile/books', 'list']);
    if (tab === 'orders') reads.push([profileOrdersQueryKey, '/api/profile/orders', 'list']);
    return reads;
  }
  const type = readBookType(url.searchParams.get('type'));
  const reads: PageRead[] = [[getPricesQueryOptions().queryKey, '/api/catalog/prices']];
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
 */
function paintsReader(address: URL, queryClient: QueryClient, bookId: string): boolean {
  const book = queryClient.getQueryData<BookPreview>(bookQueryKey(bookId));
  if (!book || address.searchParams.has('copy')) return false;
  if (book.pages.length === 0 || isDrawing(book) || book.status === 'archived') return false;
  return book.status !== 'abandoned';
}

/**
 * Whether the checkout is painted here: its first step (the cover and the grandparents' copies,
 * whose controls are radio buttons a held press replays) of a book still to pay. The address and
 * payment steps have text fields typed into before the app could read them, a paid book goes to
 * its order, a payment page left (`payment_cancelled`) goes straight to paying, an abandoned draft
 * says so: all of those stay the single-page app.
 */
function paintsCheckout(address: URL, queryClient: QueryClient, bookId: string): boolean {
  const context = queryClient.getQueryData<CheckoutContext>(checkoutQueryKey(bookId));
  if (!context || context.paidOrderId || context.bookInstance.status === 'abandoned') return false;
  const step = address.searchParams.get('step');
  return (step === null || step === '1') && !address.searchParams.has('payment_cancelled');
}

/**
 * Whether the wizard is painted here: its first step (the child), for a start from a theme, as the
 * app would open it (a new or resumed wizard whose progress opens on step 1, or `?step=1`). Later
 * steps (photos, covers being drawn), a start from an earlier book and a visitor who is not signed
 * in stay the single-page app. Text typed into step 1 before the app is there is carried over by
 * the storefront script (src/client/storefront.ts).
 */
function paintsWizard(address: URL, queryClient: QueryClient): boolean {
  const start = wizardStartOf(address);
  if (!start) return false;
  const state = queryClient.getQueryData<WizardState>(wizardStateQueryKey(start));
  if (!state) return false;
  const step = address.searchParams.get('step');
  if (step === '1') return true;
  return step === null && (!state.restored || state.resumeStep === 1);
}

/**
 * Whether a personal page has its signed-in owner (an ended session reads `null`: the app then
 * sends them to sign in, as before). The session is cut down to what the app reads of it: no token
 * ever goes into the page.
 */
function keepsOwnSession(queryClient: QueryClient): boolean {
  const session = queryClient.getQueryData<AuthSession | null>(SESSION_QUERY_KEY);
  if (!session?.user) return false;
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
  postJson,
  dataset,
  mayBeSignedIn,
}) => {
  const address = new URL(url, 'http://shop.invalid');
  const context = await handler.query(new Request(address));
  if (context instanceof Response || context.statusCode !== 200) return null;

  const queryClient: QueryClient = createQueryClient();
  try {
    const reads = pageReads(address);
    const answers = await Promise.all(
      reads.map(([, path, , ...post]) => (post.length === 0 ? fetchJson(path) : null)),
    );
    // A start (a POST) is made once the session is read, and only for a visitor signed in.
    for (const [index, [, path, , ...post]] of reads.entries()) {
      if (post.length === 0) continue;
      if (!postJson || !(answers[0] as AuthSession | null)?.user) return null;
      answers[index] = await postJson(path, post[0]);
    }
    for (const [index, [key, , firstPageOf]] of reads.entries()) {
      const answer = answers[index];
      queryClient.setQueryData(key, firstPageOf ? { pages: [answer], pageParams: [null] } : answer);
    }
  } catch {
    return null;
  }
  const personal = personalPage(address.pathname);
  if (personal !== null) {
    if (!keepsOwnSession(queryClient)) return null;
    if (personal.page === 'reader' && !paintsReader(address, queryClient, personal.bookId)) return null;
    if (personal.page === 'checkout' && !paintsCheckout(address, queryClient, personal.bookId)) return null;
    if (personal.page === 'wizard' && !paintsWizard(address, queryClient)) return null;
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
  const paint = () =>
    withDocument(dataset, language, () =>
      renderToString(
        <DocumentHeadContext.Provider value={head}>
          <AppProviders i18n={i18n} queryClient={queryClient} painted>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </DocumentHeadContext.Provider>,
      ),
    );
  let html = paint();
  // A part whose code loads on demand (React.lazy: the profile's orders and data tabs) is left to
  // the browser by renderToString, which waits for nothing: its first render asks for the code, and
  // the page is painted again once it is there. A part still missing then: the app paints the page.
  for (let attempt = 0; html.includes(SUSPENDED_PART) && attempt < LAZY_CODE_WAITS; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    html = paint();
  }
  if (html.includes(SUSPENDED_PART)) return null;
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
