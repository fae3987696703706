// Test helper: a small stand-in for the profile API (and the account API's session read and sign-out),
// keeping the books and orders the way the server does. Records every call.
import {
  type Gallery,
  PROFILE_PAGE_SIZE,
  type Profile,
  type ProfileBook,
  type ProfileOrder,
} from '../../../../shared/contracts/profile';
import { sessionFor } from '../../../components/auth/mock-auth-api';
import { fails, type Handler, ok, type Reply, stubApi } from '../../../testing/mock-api';

export type { Reply } from '../../../testing/mock-api';

export { deferred, fails, ok } from '../../../testing/mock-api';

export const BOOK_ID = 'b1a2c3d4-0000-4000-8000-000000000001';
export const ORDER_ID = 'c0000000-0000-4000-8000-000000000001';
export const CHARACTER_ID = 'd0000000-0000-4000-8000-000000000001';

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return { id: 'user-1', email: 'ana@example.com', name: 'Ana Keller', image: null, ...overrides };
}

export function makeBook(overrides: Partial<ProfileBook> = {}): ProfileBook {
  return {
    id: BOOK_ID,
    title: 'My Guardian Friend',
    bookType: 'storybook',
    status: 'rendering',
    stage: 'drawing',
    currentStep: 'Generating images 3/14',
    progressPercentage: 45,
    childName: 'Mia',
    createdAt: '2026-01-15T10:30:00.000Z',
    coverUrl: null,
    imageCount: 0,
    pdfAvailable: false,
    order: null,
    ...overrides,
  };
}

export function makeProfileOrder(overrides: Partial<ProfileOrder> = {}): ProfileOrder {
  return {
    id: ORDER_ID,
    orderNumber: 'BK-1767225600000',
    status: 'processing',
    paymentStatus: 'paid',
    bookType: 'storybook',
    coverType: 'hardcover',
    themeId: 'guardian-friend',
    totalAmount: 9581,
    trackingNumber: null,
    trackingUrl: null,
    createdAt: '2026-01-15T10:30:00.000Z',
    character: {
      id: CHARACTER_ID,
      name: 'Mia',
      photoUrl: `/api/profile/characters/${CHARACTER_ID}/photo`,
    },
    reviewed: false,
    ...overrides,
  };
}

export function makeGallery(count = 3, title = 'My Guardian Friend'): Gallery {
  return {
    title,
    images: Array.from({ length: count }, (_, index) => ({
      id: `img-${index + 1}`,
      url: `/api/profile/images/img-${index + 1}`,
      position: index + 1,
      templateName: `spread-${index + 1}`,
    })),
  };
}

/**
 * A page of a list as the server cuts it (newest first as given, `limit` rows, 12 by default); the
 * stand-in's cursor is the offset of the next page, opaque to the page like the server's.
 */
function pageOf<T>(items: T[], query: URLSearchParams) {
  const limit = Number(query.get('limit') ?? PROFILE_PAGE_SIZE.default);
  const cursor = query.get('cursor');
  const from = cursor ? Number(cursor.replace(/^after-/, '')) : 0;
  const to = from + limit;
  return { items: items.slice(from, to), nextCursor: to < items.length ? `after-${to}` : null };
}

type Options = {
  /** The signed-in user's e-mail, or null for a visitor. */
  signedInAs?: string | null;
  profile?: Profile;
  books?: ProfileBook[];
  orders?: ProfileOrder[];
  /** Galleries by book id; a book without one answers 409 (not fulfilled). */
  galleries?: Record<string, Gallery>;
  /** Replies for 'METHOD /api/path' that replace the stand-in's. */
  routes?: Record<string, Handler | Reply>;
};

/** Replaces fetch for the test with a profile server. */
export function mockProfileApi({
  signedInAs = 'ana@example.com',
  profile = makeProfile(),
  books = [],
  orders = [],
  galleries = {},
  routes = {},
}: Options = {}) {
  const server = { profile, books, orders, galleries };
  const signedIn = () => signedInAs !== null;

  const defaultRoute = (method: string, path: string): Handler | undefined => {
    if (method === 'GET' && path === '/api/auth/get-session') {
      return () =>
        ok(
          signedInAs === null
            ? null
            : sessionFor(signedInAs, { name: server.profile.name, image: server.profile.image }),
        );
    }
    if (method === 'POST' && path === '/api/auth/sign-out') return () => ok({ success: true });
    if (!path.startsWith('/api/auth/') && !signedIn()) return () => fails(401, 'UNAUTHENTICATED');
    if (method === 'GET' && path === '/api/profile') return () => ok(server.profile);
    // The top bar's cart reads the approved unpaid books of a signed-in parent: none here.
    if (method === 'GET' && path === '/api/books/unpaid-count') return () => ok({ count: 0 });
    if (method === 'DELETE' && path === '/api/profile') return () => ({ status: 204, body: null });
    if (method === 'PATCH' && path === '/api/profile') {
      return (call) => {
        server.profile = { ...server.profile, name: String((call.body as { name?: unknown }).name ?? '') };
        return ok(server.profile);
      };
    }
    if (method === 'GET' && path === '/api/profile/books') {
      return (call) => {
        const ids = call.query.get('ids');
        if (ids) {
          const wanted = ids.split(',');
          return ok({ books: server.books.filter((book) => wanted.includes(book.id)), nextCursor: null });
        }
        const { items, nextCursor } = pageOf(server.books, call.query);
        return ok({ books: items, nextCursor });
      };
    }
    if (method === 'GET' && path === '/api/profile/orders') {
      return (call) => {
        const { items, nextCursor } = pageOf(server.orders, call.query);
        return ok({ orders: items, nextCursor });
      };
    }
    const gallery = /^\/api\/profile\/books\/([^/]+)\/gallery$/.exec(path);
    if (method === 'GET' && gallery) {
      return () => {
        const found = server.galleries[gallery[1] ?? ''];
        return found ? ok(found) : fails(409, 'BOOK_NOT_FULFILLED');
      };
    }
    if (method === 'POST' && /^\/api\/book-instances\/[^/]+\/retry$/.test(path)) {
      return () => ok({ success: true, message: 'restarted' });
    }
    return undefined;
  };

  const api = stubApi(routes, defaultRoute);
  return { ...api, server };
}
