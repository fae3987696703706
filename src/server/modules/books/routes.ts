import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApproveBookSchema,
  BookImageQuerySchema,
  BookPageParamsSchema,
  BookParamsSchema,
  BookPreviewQuerySchema,
  BookPreviewSchema,
  BookTextsUpdateSchema,
  ChooseRedrawSchema,
  CoverSheetQuerySchema,
  type CoverSheetWidth,
  type PreviewImageWidth,
  UnpaidBooksCountSchema,
} from '../../../shared/contracts/book-preview';
import { ErrorResponseSchema } from '../../../shared/contracts/common';
import { webImageFormat } from '../../book/web-image';
import { requireSignIn, signedIn } from '../../plugins/auth';
import { agreeToReminders } from '../reminders/service';
import { coverSheetImage } from './cover-sheet';
import * as books from './service';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** "Your book" (issue 15): read, change and approve a book before paying; owner only (404 else). */
export const bookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireSignIn(app));
  const deps = (): books.BooksDeps => ({
    db: app.database.db,
    storage: app.storage,
    localScenes: app.config.illustrator.provider === 'local',
  });

  app.get(
    '/unpaid-count',
    {
      schema: {
        tags: ['books'],
        summary: 'How many approved books of the caller are not paid yet (the cart badge)',
        response: { 200: UnpaidBooksCountSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => ({ count: await books.unpaidApprovedCount(app.database.db, signedIn(request).id) }),
  );

  app.get(
    '/:bookInstanceId',
    {
      schema: {
        tags: ['books'],
        summary:
          'A book of the caller as the reader shows it: progress, pages, versions, redraws; `?copy=n` a gift copy of its order',
        params: BookParamsSchema,
        querystring: BookPreviewQuerySchema,
        response: { 200: BookPreviewSchema, ...errors },
      },
    },
    async (request) =>
      books.getPreview(deps(), signedIn(request).id, request.params.bookInstanceId, request.query.copy),
  );

  pageImageRoute(app, deps);
  coverSheetRoute(app, deps);

  app.patch(
    '/:bookInstanceId',
    {
      schema: {
        tags: ['books'],
        summary: 'Change the names, dedication or signature: a new version, no picture redrawn',
        params: BookParamsSchema,
        body: BookTextsUpdateSchema,
        response: { 200: BookPreviewSchema, ...errors },
      },
    },
    async (request) =>
      books.updateTexts(deps(), signedIn(request).id, request.params.bookInstanceId, request.body),
  );

  app.post(
    '/:bookInstanceId/pages/:position/redraw',
    {
      schema: {
        tags: ['books'],
        summary: 'Draw one story page again (a limit per book); the new picture waits as a candidate',
        params: BookPageParamsSchema,
        response: { 202: BookPreviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const preview = await books.requestRedraw(
        deps(),
        signedIn(request).id,
        request.params.bookInstanceId,
        request.params.position,
      );
      return reply.code(202).send(preview);
    },
  );

  app.post(
    '/:bookInstanceId/pages/:position/choose',
    {
      schema: {
        tags: ['books'],
        summary: 'Keep the old or the new picture of a redrawn page (the new one makes a new version)',
        params: BookPageParamsSchema,
        body: ChooseRedrawSchema,
        response: { 200: BookPreviewSchema, ...errors },
      },
    },
    async (request) =>
      books.chooseRedraw(
        deps(),
        signedIn(request).id,
        request.params.bookInstanceId,
        request.params.position,
        request.body.picture,
      ),
  );

  app.post(
    '/:bookInstanceId/approve',
    {
      schema: {
        tags: ['books'],
        summary: '“This is my book”: approve the current version, which checkout then pays for',
        params: BookParamsSchema,
        body: ApproveBookSchema,
        response: { 200: BookPreviewSchema, ...errors },
      },
    },
    async (request) => {
      const userId = signedIn(request).id;
      const preview = await books.approve(
        deps(),
        userId,
        request.params.bookInstanceId,
        request.body.version,
      );
      // "E-mail me once tomorrow if I have not ordered it" (issue 18): the parent's consent.
      if (request.body.remindMe) await agreeToReminders(request.server.database.db, userId);
      return preview;
    },
  );
};

/** The whole cover as it prints on a binding (issue 31), owner only (404 else). */
/** A page's picture at a web size, in the format the browser takes (AVIF or WebP). */
function pageImageRoute(app: Parameters<FastifyPluginAsyncZod>[0], deps: () => books.BooksDeps): void {
  app.get(
    '/:bookInstanceId/pages/:position/image',
    {
      schema: {
        tags: ['books'],
        summary:
          'A page’s picture at a web size (AVIF when the browser accepts it, WebP otherwise), the current one or a redraw’s new one',
        params: BookPageParamsSchema,
        querystring: BookImageQuerySchema,
      },
    },
    async (request, reply) => {
      const format = webImageFormat(request.headers.accept);
      const image = await books.pageImage(
        deps(),
        signedIn(request).id,
        request.params.bookInstanceId,
        request.params.position,
        request.query.w as PreviewImageWidth,
        request.query.candidate === '1',
        request.query.copy,
        request.query.binding,
        format,
      );
      // The address carries the picture's hash (`v`): the same address is always the same picture,
      // in the format the browser's `Accept` chose.
      return reply
        .type(`image/${format}`)
        .header('cache-control', 'private, max-age=86400')
        .header('vary', 'accept')
        .send(image);
    },
  );
}

function coverSheetRoute(app: Parameters<FastifyPluginAsyncZod>[0], deps: () => books.BooksDeps): void {
  app.get(
    '/:bookInstanceId/cover-sheet',
    {
      schema: {
        tags: ['books'],
        summary:
          'The whole cover as it prints on a binding (WebP): back, spine and front, the trim and folds marked; `?copy=n` a gift copy’s',
        params: BookParamsSchema,
        querystring: CoverSheetQuerySchema,
      },
    },
    async (request, reply) => {
      const image = await coverSheetImage(
        deps(),
        signedIn(request).id,
        request.params.bookInstanceId,
        request.query.binding,
        request.query.w as CoverSheetWidth,
        request.query.copy,
      );
      // With the version in the address (`v`) the same address is the same picture.
      const cache = request.query.v ? 'private, max-age=86400' : 'private, no-cache';
      return reply.type('image/webp').header('cache-control', cache).send(image);
    },
  );
}
