import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WIZARD_COOKIE } from '../../../shared/constants';
import { BookInstanceParamsSchema, UuidParamSchema } from '../../../shared/contracts/checkout';
import { ErrorResponseSchema } from '../../../shared/contracts/common';
import {
  DisplayNameUpdateSchema,
  GallerySchema,
  ProfileBooksQuerySchema,
  ProfileBooksSchema,
  ProfileOrdersSchema,
  ProfilePageQuerySchema,
  ProfileSchema,
} from '../../../shared/contracts/profile';
import { AppError } from '../../errors';
import { requireSignIn, signedIn } from '../../plugins/auth';
import { type KeptAnswers, sendKept } from '../auth/kept-answers';
import * as profile from './service';

const errors = { 401: ErrorResponseSchema, 404: ErrorResponseSchema };
const ImageParamsSchema = z.object({ imageId: UuidParamSchema });
const CharacterParamsSchema = z.object({ characterId: UuidParamSchema });
const DownloadQuerySchema = z.object({ download: z.enum(['0', '1']).optional() });

// better-auth's cookies (prefix `shop`; `__Secure-` in front when the shop runs on https).
const AUTH_COOKIES = ['session_token', 'session_data', 'dont_remember'].flatMap((name) => [
  `shop.${name}`,
  `__Secure-shop.${name}`,
]);

function sendFile(reply: FastifyReply, file: profile.ProfileFile, disposition: 'inline' | 'attachment') {
  return reply
    .type(file.contentType)
    .header('cache-control', 'private, max-age=3600')
    .header('content-disposition', `${disposition}; filename="${file.fileName}"`)
    .send(file.data);
}

type ProfileApp = Parameters<FastifyPluginAsyncZod>[0];
/** The services' dependencies for one request. */
type DepsOf = (request: FastifyRequest) => profile.ProfileDeps;
const caller = signedIn;
/** Kept answers (kept-answers.ts), or none. */
type Answers = Pick<KeptAnswers, 'get'>;

/**
 * The signed-in user's profile: their books (progress, gallery, PDF), orders, the child's photos,
 * a download of all their data, and Delete Account. Every route needs sign-in (a hook on the
 * prefix), and every query is scoped to the caller, so another user's id answers 404.
 */
export function profileRoutes(
  options: { now?: () => Date; answers?: KeptAnswers } = {},
): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireSignIn(app));
    const deps: DepsOf = (request) => ({
      db: app.database.db,
      storage: app.storage,
      log: request.log,
      now: options.now ?? (() => new Date()),
    });
    // Without a list of changes (a test of the routes alone), every answer is read.
    const answers: Answers = options.answers ?? { get: (_user, _name, read) => read() };
    registerAccount(app, answers);
    registerBooks(app, deps, answers);
    registerOrdersAndPhotos(app, deps);
    registerExport(app, deps);
    registerDeletion(app, deps);
  };
}

/** The caller as the profile header shows them, and their display name. */
function registerAccount(app: ProfileApp, answers: Answers): void {
  app.get(
    '/',
    {
      schema: {
        tags: ['profile'],
        summary: 'The signed-in user as the profile header shows them',
        response: { 200: ProfileSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = caller(request).id;
      return sendKept(answers, reply, { userId, name: 'profile' }, () =>
        profile.getProfile(app.database.db, userId),
      );
    },
  );

  app.patch(
    '/',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change the caller’s display name (their own only: the account is the session’s)',
        body: DisplayNameUpdateSchema,
        response: { 200: ProfileSchema, ...errors, 400: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async (request) => profile.renameUser(app.database.db, caller(request).id, request.body.name),
  );
}

/** My Books: the list, a fulfilled book's gallery and PDF, and its pictures. */
function registerBooks(app: ProfileApp, deps: DepsOf, answers: Answers): void {
  app.get(
    '/books',
    {
      schema: {
        tags: ['profile'],
        summary:
          'The caller’s books, a page at a time, newest first, with their production progress (My Books); `ids` reads just those books again',
        querystring: ProfileBooksQuerySchema,
        response: { 200: ProfileBooksSchema, ...errors, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = caller(request).id;
      const { query } = request;
      const read = () => profile.listBooks(deps(request), userId, query);
      // My Books' first page, read on every visit and again while a book is drawn, is kept.
      if (query.cursor || query.ids) return read();
      return sendKept(answers, reply, { userId, name: `books:${query.limit ?? ''}` }, read);
    },
  );

  app.get(
    '/books/:bookInstanceId/gallery',
    {
      schema: {
        tags: ['profile'],
        summary: 'The pictures of one of the caller’s fulfilled books, in page order',
        params: BookInstanceParamsSchema,
        response: { 200: GallerySchema, ...errors, 409: ErrorResponseSchema },
      },
    },
    async (request) => profile.getGallery(app.database.db, caller(request).id, request.params.bookInstanceId),
  );

  app.get(
    '/books/:bookInstanceId/pdf',
    {
      schema: {
        tags: ['profile'],
        summary: 'The printed interior of one of the caller’s fulfilled books, as a PDF download',
        params: BookInstanceParamsSchema,
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await profile.readPdf(deps(request), caller(request).id, request.params.bookInstanceId),
        'attachment',
      ),
  );

  app.get(
    '/images/:imageId',
    {
      schema: {
        tags: ['profile'],
        summary: 'One picture of the caller’s books (`?download=1` to save it with a friendly name)',
        params: ImageParamsSchema,
        querystring: DownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await profile.readImage(deps(request), caller(request).id, request.params.imageId);
      return sendFile(reply, file, request.query.download === '1' ? 'attachment' : 'inline');
    },
  );
}

/** The caller's orders and the photos of their children. */
function registerOrdersAndPhotos(app: ProfileApp, deps: DepsOf): void {
  app.get(
    '/orders',
    {
      schema: {
        tags: ['profile'],
        summary: 'The caller’s orders, a page at a time, newest first, with the child each was made for',
        querystring: ProfilePageQuerySchema,
        response: { 200: ProfileOrdersSchema, ...errors, 400: ErrorResponseSchema },
      },
    },
    async (request) => profile.listOrders(app.database.db, caller(request).id, request.query),
  );

  app.get(
    '/characters/:characterId/photo',
    {
      schema: {
        tags: ['profile'],
        summary: 'The photo of one of the caller’s children',
        params: CharacterParamsSchema,
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await profile.readCharacterPhoto(deps(request), caller(request).id, request.params.characterId),
        'inline',
      ),
  );
}

/** A download of everything the shop keeps about the caller, one at a time per account. */
function registerExport(app: ProfileApp, deps: DepsOf): void {
  // The accounts whose data export is being sent right now (one each).
  const exporting = new Set<string>();
  app.get(
    '/export',
    {
      // Sensitive: read from the database, never from the session's cookie copy (decision 016).
      config: { freshSession: true },
      schema: {
        tags: ['profile'],
        summary: 'Everything the shop keeps about the caller, as a ZIP (data.json, photos, pictures)',
      },
    },
    async (request, reply) => {
      const userId = caller(request).id;
      // One export per account at a time: each holds a picture in memory and a connection open.
      if (exporting.has(userId)) {
        throw new AppError(
          'EXPORT_IN_PROGRESS',
          'A copy of your data is already being prepared. Please wait for that download to finish, then try again.',
        );
      }
      exporting.add(userId);
      try {
        const file = await profile.exportData(deps(request), userId);
        // Free again when the download ends, fails or the client goes away.
        reply.raw.once('close', () => exporting.delete(userId));
        return reply
          .type(file.contentType)
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .send(file.stream);
      } catch (error) {
        exporting.delete(userId);
        throw error;
      }
    },
  );
}

/** Delete Account, which also clears the caller's cookies. */
function registerDeletion(app: ProfileApp, deps: DepsOf): void {
  app.delete(
    '/',
    {
      config: { freshSession: true },
      schema: {
        tags: ['profile'],
        summary:
          'Delete Account: removes the account, photos, pictures, characters and wizard data; anonymises orders',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await profile.deleteAccount(deps(request), caller(request).id);
      for (const name of [...AUTH_COOKIES, WIZARD_COOKIE.name]) reply.clearCookie(name, { path: '/' });
      return reply.code(204).send(null);
    },
  );
}
