import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  AdminAddressRequestSchema,
  AdminMeSchema,
  AdminOrderDetailSchema,
  AdminOrderListSchema,
  AdminOrderParamsSchema,
  AdminOrderQuerySchema,
  AdminOutboxSchema,
  AdminOverviewSchema,
  AdminPricingSchema,
  AdminProductPriceRequestSchema,
  AdminPromoCodeParamsSchema,
  AdminPromoCodeRequestSchema,
  AdminReasonSchema,
  AdminRedrawChoiceSchema,
  AdminRedrawRequestSchema,
  AdminRefundRequestSchema,
  AdminResendRequestSchema,
  AdminReviewListQuerySchema,
  AdminReviewListSchema,
  AdminReviewParamsSchema,
  AdminReviewSchema,
  AdminShipRequestSchema,
  AdminTaxRateRequestSchema,
} from '../../../shared/contracts/admin';
import {
  BookImageQuerySchema,
  BookPageParamsSchema,
  BookParamsSchema,
  BookPreviewSchema,
  type PreviewImageWidth,
} from '../../../shared/contracts/book-preview';
import { ErrorResponseSchema } from '../../../shared/contracts/common';
import { endOfShopDay, startOfShopDay } from '../../../shared/domain/shipping';
import { newestOutbox } from '../../adapters/mail/outbox';
import { operatorPageImage, operatorPreview } from '../books/service';
import { invalidateCatalog } from '../catalog/service';
import { operatorPrices, setProductPrice } from '../pricing/prices';
import { createPromoCode, endPromoCode, listPromoCodes } from '../pricing/promo-codes';
import { listTaxRates, setTaxRate } from '../pricing/tax-rates';
import { reviewsForOperators, setReviewShown } from '../reviews/service';
import { operatorOf, requireOperator } from './access';
import { listOrders, overview } from './repo';
import * as admin from './service';

const errors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

/** How many outbox e-mails the console shows, newest first. */
const OUTBOX_SHOWN = 100;

type AdminApp = Parameters<FastifyPluginAsyncZod>[0];
type AdminOptions = { now: () => Date; outboxDir?: string | undefined };
const tags = ['admin'];

/**
 * The operator console's API (issue 17). One gate for the whole prefix: anyone but an operator
 * gets 404, as if nothing were here. Every action answers the order as it now is.
 */
export function adminRoutes(options: AdminOptions): FastifyPluginAsyncZod {
  return async (app) => {
    app.decorateRequest('operator', null);
    app.addHook('onRequest', requireOperator(app));
    registerOrderReads(app, options);
    registerOrderActions(app, options);
    registerBookReads(app);
    registerPricing(app, options);
    registerReviews(app);
    registerOutbox(app, options);
  };
}

/** The operator, the console's overview, the orders and one order. */
function registerOrderReads(app: AdminApp, options: AdminOptions): void {
  // The whole API description, operator routes included (the public one leaves them out:
  // api-description.ts, docs/decisions/019).
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  app.get(
    '/me',
    { schema: { tags, summary: 'The operator signed in', response: { 200: AdminMeSchema, ...errors } } },
    async (request) => ({ email: operatorOf(request).email }),
  );

  app.get(
    '/overview',
    {
      schema: {
        tags,
        summary: 'Queues at a glance, and the day’s and the week’s orders',
        response: { 200: AdminOverviewSchema, ...errors },
      },
    },
    async () => overview(app.database.db, options.now()),
  );

  app.get(
    '/orders',
    {
      schema: {
        tags,
        summary: 'Orders, newest first: search, filters, keyset pages',
        querystring: AdminOrderQuerySchema,
        response: { 200: AdminOrderListSchema, ...errors },
      },
    },
    async (request) => listOrders(app.database.db, request.query),
  );

  app.get(
    '/orders/:orderId',
    {
      schema: {
        tags,
        summary: 'Everything about one order',
        params: AdminOrderParamsSchema,
        response: { 200: AdminOrderDetailSchema, ...errors },
      },
    },
    async (request) => admin.orderDetail(app.database.db, request.params.orderId),
  );
}

/** The actions on an order: each confirmed in the console, each written to the audit log. */
function registerOrderActions(app: AdminApp, options: AdminOptions): void {
  const deps = (request: Parameters<typeof operatorOf>[0]) => ({
    db: app.database.db,
    operator: operatorOf(request),
    now: options.now,
  });
  const action = <B extends z.ZodType>(
    path: string,
    summary: string,
    body: B,
    run: (deps: admin.ActionDeps, orderId: string, body: z.infer<B>) => Promise<void>,
  ) =>
    app.post(
      `/orders/:orderId/${path}`,
      {
        schema: {
          tags,
          summary,
          params: AdminOrderParamsSchema,
          body,
          response: { 200: AdminOrderDetailSchema, ...errors },
        },
      },
      async (request) => {
        const orderId = (request.params as { orderId: string }).orderId;
        await run(deps(request), orderId, request.body as z.infer<B>);
        return admin.orderDetail(app.database.db, orderId);
      },
    );

  action('hold', 'Hold the order before print', AdminReasonSchema, (d, id, b) => admin.hold(d, id, b.reason));
  action('release', 'Release a held order', AdminReasonSchema, (d, id, b) => admin.release(d, id, b.reason));
  action('notes', 'Add an internal note', AdminReasonSchema, (d, id, b) => admin.addNote(d, id, b.reason));
  action('refund', 'Refund part or all of the payment', AdminRefundRequestSchema, admin.refund);
  action('cancel', 'Cancel an order before print', AdminReasonSchema, (d, id, b) =>
    admin.cancel(d, id, b.reason),
  );
  action('ship', 'Mark shipped by hand, with its tracking', AdminShipRequestSchema, admin.markShipped);
  action('deliver', 'Mark delivered by hand', AdminReasonSchema, (d, id, b) =>
    admin.markDelivered(d, id, b.reason),
  );
  action('retry-book', 'Retry a book whose production failed', AdminReasonSchema, (d, id, b) =>
    admin.retryBook(d, id, b.reason),
  );
  action('resubmit-print', 'Resubmit a print job the printer refused', AdminReasonSchema, (d, id, b) =>
    admin.resubmitPrint(d, id, b.reason),
  );
  action('resend-email', 'Send a customer e-mail again', AdminResendRequestSchema, admin.resendEmail);
  action('redraw', 'Draw one page again before print', AdminRedrawRequestSchema, admin.redrawPage);
  action(
    'redraw-choice',
    'Keep a page’s new picture or the old one',
    AdminRedrawChoiceSchema,
    admin.chooseRedraw,
  );
  action(
    'address',
    'Correct the shipping address before print',
    AdminAddressRequestSchema,
    admin.correctAddress,
  );
  action('print-now', 'End the grace period: print the book now', AdminReasonSchema, (d, id, b) =>
    admin.printNow(d, id, b.reason),
  );
  action('approve-print', 'Approve a reviewed book for print', AdminReasonSchema, (d, id, b) =>
    admin.approvePrint(d, id, b.reason),
  );
}

/** The book of an order, read-only, as its reader shows it: every page and its words. */
function registerBookReads(app: AdminApp): void {
  const books = () => ({ db: app.database.db, storage: app.storage });
  app.get(
    '/books/:bookInstanceId',
    {
      schema: {
        tags,
        summary: 'Any book, as its reader shows it (read-only)',
        params: BookParamsSchema,
        response: { 200: BookPreviewSchema, ...errors },
      },
    },
    async (request) => operatorPreview(books(), request.params.bookInstanceId),
  );
  app.get(
    '/books/:bookInstanceId/pages/:position/image',
    {
      schema: {
        tags,
        summary: 'A page’s picture at a web size (WebP)',
        params: BookPageParamsSchema,
        querystring: BookImageQuerySchema,
      },
    },
    async (request, reply) => {
      const image = await operatorPageImage(
        books(),
        request.params.bookInstanceId,
        request.params.position,
        request.query.w as PreviewImageWidth,
        request.query.candidate === '1',
      );
      return reply.type('image/webp').header('cache-control', 'private, max-age=86400').send(image);
    },
  );
}

/** Prices (issue 18): the dated VAT table and the promo codes, each change in the audit log. */
function registerPricing(app: AdminApp, options: AdminOptions): void {
  const pricing = async () => {
    const [rates, codes, productPrices] = await Promise.all([
      listTaxRates(app.database.db),
      listPromoCodes(app.database.db),
      operatorPrices(app.database.db),
    ]);
    return {
      taxRates: rates,
      taxRateOverride: app.config.taxRateOverrideBasisPoints ?? null,
      promoCodes: codes.map((row) => ({
        ...row,
        validFrom: row.validFrom?.toISOString() ?? null,
        validTo: row.validTo?.toISOString() ?? null,
        endedAt: row.endedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      })),
      productPrices,
    };
  };
  const pricingResponse = { 200: AdminPricingSchema, ...errors };
  app.get(
    '/pricing',
    { schema: { tags, summary: 'The VAT table and the promo codes', response: pricingResponse } },
    pricing,
  );
  app.post(
    '/tax-rates',
    {
      schema: {
        tags,
        summary: 'Set a country’s VAT rate from a day on',
        body: AdminTaxRateRequestSchema,
        response: pricingResponse,
      },
    },
    async (request) => {
      const { reason, ...rate } = request.body;
      await setTaxRate(app.database.db, rate, operatorOf(request), reason);
      return pricing();
    },
  );
  app.post(
    '/product-prices',
    {
      schema: {
        tags,
        summary: 'Set the price of a product the operator prices (the extra child, zero allowed)',
        body: AdminProductPriceRequestSchema,
        response: pricingResponse,
      },
    },
    async (request) => {
      const { reason, ...price } = request.body;
      await setProductPrice(app.database.db, price, operatorOf(request), reason);
      // The catalogue's prices are held in memory a few seconds: this process sees the new one at once.
      invalidateCatalog(app.database.db);
      return pricing();
    },
  );
  app.post(
    '/promo-codes',
    {
      schema: {
        tags,
        summary: 'Make a promo code',
        body: AdminPromoCodeRequestSchema,
        response: pricingResponse,
      },
    },
    async (request) => {
      const { reason, validFrom, validTo, ...code } = request.body;
      await createPromoCode(
        app.database.db,
        {
          ...code,
          validFrom: validFrom ? startOfShopDay(validFrom) : null,
          validTo: validTo ? endOfShopDay(validTo) : null,
        },
        operatorOf(request),
        reason,
      );
      return pricing();
    },
  );
  app.post(
    '/promo-codes/:code/end',
    {
      schema: {
        tags,
        summary: 'End a promo code now',
        params: AdminPromoCodeParamsSchema,
        body: AdminReasonSchema,
        response: pricingResponse,
      },
    },
    async (request) => {
      await endPromoCode(
        app.database.db,
        request.params.code,
        operatorOf(request),
        options.now(),
        request.body.reason,
      );
      return pricing();
    },
  );
}

/**
 * Parents' reviews (issue 20): shown on their theme's page once an operator approves them; a page
 * of one list at a time (issue 19).
 */
function registerReviews(app: AdminApp): void {
  app.get(
    '/reviews',
    {
      schema: {
        tags,
        summary: 'A page of the parents’ reviews waiting for a look, or of those shown',
        querystring: AdminReviewListQuerySchema,
        response: { 200: AdminReviewListSchema, ...errors },
      },
    },
    async (request) => reviewsForOperators(app.database.db, request.query.list, request.query.cursor),
  );
  for (const [path, shown, summary] of [
    ['approve', true, 'Show a review on its theme’s page'],
    ['hide', false, 'Take a review off its theme’s page'],
  ] as const) {
    app.post(
      `/reviews/:reviewId/${path}`,
      {
        schema: {
          tags,
          summary,
          params: AdminReviewParamsSchema,
          body: AdminReasonSchema,
          response: { 200: AdminReviewSchema, ...errors },
        },
      },
      async (request) =>
        setReviewShown(
          app.database.db,
          request.params.reviewId,
          shown,
          operatorOf(request),
          request.body.reason,
        ),
    );
  }
}

/** The embedded mailer's outbox, newest first. */
function registerOutbox(app: AdminApp, options: AdminOptions): void {
  app.get(
    '/outbox',
    {
      schema: {
        tags,
        summary: 'The embedded mailer’s e-mails (a shop without SMTP)',
        response: { 200: AdminOutboxSchema, ...errors },
      },
    },
    async () => {
      if (!options.outboxDir) return { enabled: false, total: 0, messages: [] };
      const { total, messages } = await newestOutbox(options.outboxDir, OUTBOX_SHOWN);
      return {
        enabled: true,
        total,
        messages: messages.map((message) => ({
          id: message.id,
          to: message.to,
          subject: message.subject,
          sentAt: message.createdAt,
          text: message.text,
        })),
      };
    },
  );
}
