// Test helper: a small stand-in for the book preview API (and the session read), keeping one book
// the way the server does: texts change as a new version, a redraw waits as a candidate, approve
// records the version. Records every call; a route it does not know fails the test.
import { vi } from 'vitest';
import type {
  BookPreview,
  BookPreviewPage,
  BookTextsUpdate,
  PreviewImage,
} from '../../../../shared/contracts/book-preview';
import { type BookPagesTexts, bookPreviewPages, DEDICATION_PAGE } from '../../../../shared/domain/book-pages';
import { sessionFor } from '../../../components/auth/mock-auth-api';
import { fails, type Handler, ok, type Reply, stubApi } from '../../../testing/mock-api';

export type { Reply } from '../../../testing/mock-api';

export { deferred, fails, ok } from '../../../testing/mock-api';

export const BOOK_ID = 'b1a2c3d4-0000-4000-8000-0000000000b1';

function images(position: number, tag: string, candidate = false): PreviewImage[] {
  return [480, 720, 960, 1200, 1600].map((width) => ({
    width,
    url: `/api/books/${BOOK_ID}/pages/${position}/image?w=${width}${candidate ? '&candidate=1' : ''}&v=${tag}`,
  }));
}

const STORY = [
  'Mia found Bruno under the big oak tree.',
  'Together they followed the fireflies to the river.',
  'Bruno held her hand while they crossed the stones.',
  'At home, Mia whispered: “Thank you, Bruno.”',
  'The moon smiled at the two friends.',
  'And they slept, safe and warm.',
];

const BACK_COVER = 'Mia and Bruno, friends for ever.';
const SUBTITLE = 'A Cuddle Tale';

/** The stand-in's pictures of a printed position: none on the dedication page (as the server draws none). */
const standInImages = (position: number) =>
  position === DEDICATION_PAGE ? [] : images(position, `p${position}`);

/**
 * The pages of a book with `storyPages` story pages, listed by the server's own function
 * (src/shared/domain/book-pages.ts), so the stand-in's pages are the server's.
 */
export function makePages(
  storyPages: number,
  texts = { title: 'Mia and Bruno', message: 'For Mia, with all our love.', signature: 'Mum and Dad' },
): BookPreviewPage[] {
  return bookPreviewPages(
    {
      title: texts.title,
      subtitle: SUBTITLE,
      dedication: { message: texts.message, signature: texts.signature },
      pages: Array.from({ length: storyPages }, (_, index) => ({
        position: index + 1,
        text: STORY[index % STORY.length] ?? '',
      })),
    },
    BACK_COVER,
    standInImages,
  );
}

/** The words a book's pages show, read back from them (to list the pages again after a change). */
function textsOf(pages: readonly BookPreviewPage[]): BookPagesTexts & { back: string } {
  const of = (kind: BookPreviewPage['kind']) => pages.find((page) => page.kind === kind);
  const cover = of('front-cover');
  const dedication = of('dedication');
  return {
    title: cover?.title ?? '',
    subtitle: cover?.subtitle ?? '',
    dedication: { message: dedication?.text ?? '', signature: dedication?.signature ?? '' },
    pages: pages.flatMap((page) =>
      page.kind === 'story' && page.storyPage !== null ? [{ position: page.storyPage, text: page.text }] : [],
    ),
    back: of('back-cover')?.text ?? '',
  };
}

export function makeBook(overrides: Partial<BookPreview> = {}): BookPreview {
  return {
    id: BOOK_ID,
    title: 'Mia and Bruno',
    bookType: 'storybook',
    language: 'en',
    status: 'ready',
    progress: { step: 'all done', percentage: 100 },
    currentVersion: 1,
    approvedVersion: null,
    paid: false,
    names: { child: 'Mia', toy: 'Bruno' },
    dedication: { message: 'For Mia, with all our love.', signature: 'Mum and Dad' },
    pages: makePages(4),
    binding: null,
    redraws: { used: 0, max: 3 },
    candidates: [],
    ...overrides,
  };
}

/** A book still being drawn: no pages yet, docs/spec.md's progress text. */
export function makeDrawingBook(step = 'Generating images 3/8', percentage = 41): BookPreview {
  return makeBook({
    status: 'rendering',
    progress: { step, percentage },
    currentVersion: null,
    pages: [],
  });
}

type Options = {
  book?: BookPreview;
  signedIn?: boolean;
  /** Replies for 'METHOD /api/path' that replace the stand-in's. */
  routes?: Record<string, Handler | Reply>;
};

/** Replaces fetch for the test with a book server. */
export function mockBookApi({ book = makeBook(), signedIn = true, routes = {} }: Options = {}) {
  const server = { book };
  const base = `/api/books/${BOOK_ID}`;
  let tag = 0;

  const newVersion = (change: Partial<BookPreview>) => {
    const current = server.book;
    server.book = { ...current, ...change, currentVersion: (current.currentVersion ?? 0) + 1 };
  };

  const defaultRoute = (method: string, path: string): Handler | undefined => {
    if (method === 'GET' && path === '/api/auth/get-session') {
      return () => ok(signedIn ? sessionFor('ana@example.com') : null);
    }
    if (!signedIn) return () => fails(401, 'UNAUTHENTICATED');
    if (method === 'GET' && path === '/api/books/unpaid-count') return () => ok({ count: 0 });
    if (method === 'GET' && path === base) return () => ok(server.book);
    if (method === 'PATCH' && path === base) {
      return ({ body }) => {
        const change = body as BookTextsUpdate;
        const current = server.book;
        const names = {
          child: change.childName ?? current.names.child,
          toy: change.toyName ?? current.names.toy,
          ...(current.names.companions
            ? { companions: change.companionNames ?? current.names.companions }
            : {}),
        };
        const dedication = {
          message: change.dedicationMessage ?? current.dedication.message,
          signature: change.dedicationSignature ?? current.dedication.signature,
        };
        // The pages listed again from the new words, as the server does; every picture kept.
        const { back, ...texts } = textsOf(current.pages);
        const kept = (position: number) =>
          current.pages.find((page) => page.position === position)?.images ?? [];
        newVersion({ names, dedication, pages: bookPreviewPages({ ...texts, dedication }, back, kept) });
        return ok(server.book);
      };
    }
    const redraw = /^\/api\/books\/[^/]+\/pages\/(\d+)\/redraw$/.exec(path);
    if (method === 'POST' && redraw) {
      return () => {
        const position = Number(redraw[1]);
        const { used, max } = server.book.redraws;
        if (used >= max) return fails(429, 'REDRAW_LIMIT_REACHED');
        server.book = {
          ...server.book,
          redraws: { used: used + 1, max },
          candidates: [{ position, status: 'drawing', images: [] }],
        };
        const answer = server.book;
        // The next read finds the new picture drawn.
        tag += 1;
        server.book = {
          ...server.book,
          candidates: [{ position, status: 'ready', images: images(position, `new${tag}`, true) }],
        };
        return ok(answer, 202);
      };
    }
    const choose = /^\/api\/books\/[^/]+\/pages\/(\d+)\/choose$/.exec(path);
    if (method === 'POST' && choose) {
      return ({ body }) => {
        const position = Number(choose[1]);
        const candidate = server.book.candidates.find((item) => item.position === position);
        const { picture } = body as { picture: 'old' | 'new' };
        if (picture === 'new' && candidate) {
          newVersion({
            candidates: [],
            pages: server.book.pages.map((page) =>
              page.position === position
                ? {
                    ...page,
                    images: candidate.images.map((image) => ({
                      ...image,
                      url: image.url.replace('&candidate=1', ''),
                    })),
                  }
                : page,
            ),
          });
        } else {
          server.book = { ...server.book, candidates: [] };
        }
        return ok(server.book);
      };
    }
    if (method === 'POST' && path === `${base}/approve`) {
      return ({ body }) => {
        const { version } = body as { version: number };
        if (version !== server.book.currentVersion) return fails(409, 'BOOK_VERSION_SUPERSEDED');
        server.book = { ...server.book, approvedVersion: version };
        return ok(server.book);
      };
    }
    return undefined;
  };

  const api = stubApi(routes, defaultRoute);
  return { ...api, server };
}

/** A `window.matchMedia` where `(min-width: 1024px)` is as wide as the test says. */
export function stubScreenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return {
      matches: min ? width >= Number(min[1]) : false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  });
}
