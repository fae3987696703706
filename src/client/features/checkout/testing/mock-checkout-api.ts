// Test helper: a small stand-in for the checkout and order API and the session read of the account
// API, keeping the orders the way the server does (quoted with the shared quote). Records every call.
import type { CheckoutContext, Order, OrderRequest } from '../../../../shared/contracts/checkout';
import type { PromoDiscount, PromoError } from '../../../../shared/domain/promo';
import { DEFAULT_TAX_RATE_BASIS_POINTS, quoteOrder } from '../../../../shared/domain/quote';
import { COUNTRIES, type Country } from '../../../../shared/domain/shipping';
import type { ProductKey } from '../../../../shared/domain/statuses';
import { sessionFor } from '../../../components/auth/mock-auth-api';
import { type ApiCall, fails, type Handler, ok, type Reply, stubApi } from '../../../testing/mock-api';

export type { Reply } from '../../../testing/mock-api';
export type CheckoutCall = ApiCall;

export { deferred, fails, ok } from '../../../testing/mock-api';

export const BOOK_INSTANCE_ID = 'b0000000-0000-4000-8000-000000000001';
export const ORDER_ID = 'c0000000-0000-4000-8000-000000000001';

/** The seeded prices (docs/product.md Money), with overrides by product key. */
export function makePrices(overrides: Partial<Record<ProductKey, number>> = {}) {
  const base: Partial<Record<ProductKey, number>> = {
    softcover_book: 2999,
    hardcover_book: 3999,
    ...overrides,
  };
  return Object.entries(base).map(([productKey, basePrice]) => ({
    productKey: productKey as ProductKey,
    basePrice: basePrice as number,
    discountPercentage: 0,
  }));
}

export const CUSTOMER = { firstName: 'Ana', lastName: 'Keller', email: 'ana@example.com', phone: '' };
export const ADDRESS = {
  address: 'Hauptstrasse 1',
  city: 'Berlin',
  postalCode: '10115',
  region: '',
  country: 'DE',
} as const;

/** Colette in Lyon: the grandmother a gift copy goes to in the tests. */
export const GIFT_ADDRESS = {
  firstName: 'Colette',
  lastName: 'Martin',
  address: '12 rue des Lilas',
  city: 'Lyon',
  postalCode: '69003',
  region: '',
  country: 'FR',
} as const;

/** An order's two gift copies as the server shows them: one shipped to Colette, one not yet addressed. */
export function shippedAndPendingGifts(dedicationMessage: string): Order['copyGifts'] {
  return [
    {
      position: 1,
      shipTo: { ...GIFT_ADDRESS },
      dedication: { message: dedicationMessage, signature: 'Mamie' },
      language: 'fr',
      status: 'shipped',
      trackingNumber: 'CT1234567890CH',
      trackingUrl: 'https://tracking.example/CT1234567890CH',
    },
    {
      position: 2,
      shipTo: null,
      dedication: null,
      language: 'fr',
      status: 'pending',
      trackingNumber: null,
      trackingUrl: null,
    },
  ];
}

/** An order as the server returns it, quoted from the choices with the seeded prices. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  const coverType = overrides.coverType ?? 'hardcover';
  const grandparentCopies = overrides.grandparentCopies ?? { count: 2, coverType: 'softcover' };
  const shipping = overrides.shipping ?? { ...ADDRESS };
  return {
    id: ORDER_ID,
    orderNumber: 'BK-1767225600000',
    status: 'pending',
    paymentStatus: 'pending',
    bookType: 'storybook',
    themeId: 'guardian-friend',
    bookInstanceId: BOOK_INSTANCE_ID,
    coverType,
    grandparentCopies,
    customer: { ...CUSTOMER },
    shipping,
    quote: quoteOrder(
      makePrices(),
      { coverType, grandparentCopies, country: shipping.country },
      { taxRateBasisPoints: DEFAULT_TAX_RATE_BASIS_POINTS },
    ),
    trackingNumber: null,
    trackingUrl: null,
    copyGifts: [],
    language: 'en',
    createdAt: '2026-01-15T10:30:00.000Z',
    paidAt: null,
    printAfter: null,
    refundedAmount: 0,
    review: null,
    ...overrides,
  };
}

/** The checkout of a fresh draft book of Ana's, with the seeded prices. */
export function makeContext(overrides: Partial<CheckoutContext> = {}): CheckoutContext {
  return {
    bookInstance: {
      id: BOOK_INSTANCE_ID,
      status: 'draft',
      bookType: 'storybook',
      themeId: 'guardian-friend',
      title: 'My Guardian Friend',
      childName: 'Mia',
      childGender: 'female',
      cast: { count: 1, gender: 'female' },
      toyName: 'Teddy',
      language: 'en',
      approval: 'approved',
    },
    coverPreview: {
      heroCover: `/api/book-instances/${BOOK_INSTANCE_ID}/cover`,
      bookDisplay: '/catalog/books/guardian-friend/display/main.jpg',
    },
    prefill: { email: 'ana@example.com', name: 'Ana Keller' },
    order: null,
    paidOrderId: null,
    pricing: { currency: 'CHF', prices: makePrices(), taxRates: makeTaxRates(), promo: null },
    ...overrides,
  };
}

/** Every country's VAT rate, as the seeded rate table has them (docs/spec.md's 7.7 %), or as given. */
export function makeTaxRates(
  rate = DEFAULT_TAX_RATE_BASIS_POINTS,
  overrides: Partial<Record<Country, number>> = {},
) {
  return { ...Object.fromEntries(COUNTRIES.map((country) => [country, rate])), ...overrides } as Record<
    Country,
    number
  >;
}

type Options = {
  /** The signed-in user's e-mail, or null for a visitor. */
  signedInAs?: string | null;
  context?: CheckoutContext;
  /** Orders the server knows, by id. */
  orders?: Order[];
  /** Replies for 'METHOD /api/path' that replace the stand-in's. */
  routes?: Record<string, Handler | Reply>;
  /** The promo codes the server knows: a discount, or the error code it answers for the code. */
  promoCodes?: Record<string, PromoDiscount | PromoError>;
};

/** Replaces fetch for the test with a checkout server that keeps its orders. */
export function mockCheckoutApi({
  signedInAs = 'ana@example.com',
  context = makeContext(),
  orders = [],
  routes = {},
  promoCodes = {},
}: Options = {}) {
  const server = { context, orders: new Map(orders.map((order) => [order.id, order])) };

  const putOrder = (call: CheckoutCall): Reply => {
    const request = call.body as OrderRequest;
    const existing = server.context.order;
    const known = request.promoCode ? promoCodes[request.promoCode] : undefined;
    if (request.promoCode && (known === undefined || typeof known === 'string')) {
      return fails(known === undefined ? 422 : 409, known ?? 'PROMO_CODE_UNKNOWN');
    }
    const promo = typeof known === 'object' ? known : undefined;
    const order: Order = {
      ...makeOrder(),
      ...(existing ? { id: existing.id, orderNumber: existing.orderNumber } : {}),
      coverType: request.coverType,
      grandparentCopies: request.grandparentCopies,
      customer: { ...request.customer, phone: request.customer.phone ?? '' },
      shipping: { ...request.shipping, region: request.shipping.region ?? '' },
      language: request.language ?? 'en',
      // The gifts as the server keeps them (the shared schema's defaults filled in).
      copyGifts: (request.copyGifts ?? []).map((gift) => ({
        position: gift.position,
        shipTo: gift.shipTo ? { ...gift.shipTo, region: gift.shipTo.region ?? '' } : null,
        dedication: gift.dedication
          ? { message: gift.dedication.message, signature: gift.dedication.signature ?? '' }
          : null,
        language: gift.language ?? null,
        status: 'pending' as const,
        trackingNumber: null,
        trackingUrl: null,
      })),
      quote: quoteOrder(
        server.context.pricing.prices,
        {
          coverType: request.coverType,
          grandparentCopies: request.grandparentCopies,
          country: request.shipping.country,
          shippingLevel: request.shippingLevel ?? 'standard',
          promo,
          giftParcels: (request.copyGifts ?? []).flatMap((gift) =>
            gift.shipTo ? [{ copy: gift.position, country: gift.shipTo.country }] : [],
          ),
        },
        { taxRateBasisPoints: server.context.pricing.taxRates[request.shipping.country] },
      ),
    };
    server.context = {
      ...server.context,
      order,
      pricing: { ...server.context.pricing, promo: promo ?? null },
    };
    server.orders.set(order.id, order);
    return ok(order);
  };

  const defaultRoute = (method: string, path: string): Handler | undefined => {
    if (method === 'GET' && path === '/api/auth/get-session') {
      return () => ok(signedInAs === null ? null : sessionFor(signedInAs));
    }
    if (method === 'GET' && path === '/api/dev/status') return () => ok({ checkoutTest: true });
    // The top bar's cart reads the approved unpaid books of a signed-in parent: none here.
    if (method === 'GET' && path === '/api/books/unpaid-count') return () => ok({ count: 0 });
    if (method === 'GET' && path === `/api/checkout/${server.context.bookInstance.id}`) {
      return () => (signedInAs === null ? fails(401, 'UNAUTHENTICATED') : ok(server.context));
    }
    if (method === 'PUT' && path === `/api/checkout/${server.context.bookInstance.id}/order`) return putOrder;
    const order = /^\/api\/orders\/([^/]+)$/.exec(path);
    if (method === 'GET' && order) {
      return () => {
        const found = server.orders.get(order[1] ?? '');
        return found ? ok(found) : fails(404, 'NOT_FOUND');
      };
    }
    if (method === 'POST' && /^\/api\/orders\/[^/]+\/payment$/.test(path)) {
      return () => ok({ url: 'https://pay.example/session/cs_test_1' });
    }
    // The grace period after payment (issue 36): cancel, or a new address for the same country.
    const change = /^\/api\/orders\/([^/]+)\/(cancel|address)$/.exec(path);
    if (
      change &&
      ((method === 'POST' && change[2] === 'cancel') || (method === 'PUT' && change[2] === 'address'))
    ) {
      return (call) => {
        const found = server.orders.get(change[1] ?? '');
        if (!found) return fails(404, 'NOT_FOUND');
        const changed: Order =
          change[2] === 'cancel'
            ? { ...found, status: 'cancelled', printAfter: null }
            : { ...found, shipping: { ...found.shipping, ...(call.body as Partial<Order['shipping']>) } };
        server.orders.set(changed.id, changed);
        return ok(changed);
      };
    }
    return undefined;
  };

  const api = stubApi(routes, defaultRoute);
  return { ...api, server };
}
