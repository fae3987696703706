import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS, WIZARD_COOKIE } from '../../../shared/constants';
import { ErrorResponseSchema } from '../../../shared/contracts/common';
import {
  ChildPreviewQuerySchema,
  CompletedWizardSchema,
  GenerateCoverSchema,
  GeneratedCoverSchema,
  ImageIdSchema,
  PhotoKindSchema,
  StartWizardSchema,
  ToyColoursRequestSchema,
  ToyColoursSchema,
  UploadedPhotoSchema,
  WizardStateSchema,
  WizardStepParamSchema,
} from '../../../shared/contracts/wizard';
import { ToyLookSchema } from '../../../shared/domain/toy-look';
import type { WizardStep } from '../../../shared/domain/wizard';
import { isLanguage } from '../../../shared/i18n';
import type { Illustrator } from '../../adapters/illustrator/index';
import { AppError } from '../../errors';
import * as wizard from './service';

const errors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

type WizardApp = Parameters<FastifyPluginAsyncZod>[0];
type Deps = () => wizard.WizardDeps;
type CookieOptions = () => Parameters<FastifyReply['setCookie']>[2];

/**
 * Only the upload takes a form (its schema says `consumes`); every other route reads JSON, so a
 * form sent there is refused with 415 before anything reads it (issue 16.6).
 */
async function refuseFormsOutsideUpload(request: FastifyRequest) {
  const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
  if (request.isMultipart() && !consumes?.includes('multipart/form-data')) {
    throw new AppError('VALIDATION_INVALID_PARAM', 'Unsupported Media Type', { statusCode: 415 });
  }
}

const callerOf = (request: { wizardCaller: wizard.Caller | null }) => request.wizardCaller!;

/** The five-step wizard: its server-side session, photos, covers and completion. */
export function wizardRoutes(options: {
  illustrator: Illustrator;
  now?: () => Date;
  generationTimeoutMs?: number;
}): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifyMultipart, { limits: { files: 1, fileSize: LIMITS.photoMaxBytes, fields: 2 } });
    app.addHook('preValidation', refuseFormsOutsideUpload);
    const deps: Deps = () => ({
      db: app.database.db,
      storage: app.storage,
      illustrator: options.illustrator,
      now: options.now ?? (() => new Date()),
      ...(options.generationTimeoutMs ? { generationTimeoutMs: options.generationTimeoutMs } : {}),
    });
    const cookieOptions: CookieOptions = () => ({
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: app.config.publicUrl.startsWith('https://'),
      path: '/',
      maxAge: WIZARD_COOKIE.hours * 60 * 60,
    });

    // Who is asking: the wizard cookie's session and the signed-in user, read once per request.
    app.decorateRequest('wizardCaller', null);
    app.addHook('preHandler', async (request) => {
      // From the database: a wizard saved for an account deleted a moment ago would be refused by
      // its foreign key (decision 016).
      const user = await app.currentUser(request, { fresh: true });
      request.wizardCaller = { sessionId: request.cookies[WIZARD_COOKIE.name], userId: user?.id ?? null };
    });

    registerSession(app, deps, cookieOptions);
    registerPictures(app, deps);
    registerCompletion(app, deps);
  };
}

/** Starting or resuming the wizard, and saving a step; the cookie keeps the session. */
function registerSession(app: WizardApp, deps: Deps, cookieOptions: CookieOptions): void {
  const withCookie = (
    reply: FastifyReply,
    { session, state }: Awaited<ReturnType<typeof wizard.getWizard>>,
  ) => {
    reply.setCookie(WIZARD_COOKIE.name, session.sessionId, cookieOptions());
    return state;
  };

  app.post(
    '/session',
    {
      schema: {
        tags: ['wizard'],
        summary:
          'Start the wizard for a theme and book type, or resume the caller’s one; with `characterId` or `cloneOrderId` (signed in), a new one prefilled from an earlier book',
        body: StartWizardSchema,
        response: { 200: WizardStateSchema, 401: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      withCookie(reply, await wizard.startWizard(deps(), callerOf(request), request.body)),
  );

  app.get(
    '/session',
    {
      schema: {
        tags: ['wizard'],
        summary: 'The caller’s wizard',
        response: { 200: WizardStateSchema, ...errors },
      },
    },
    async (request, reply) => withCookie(reply, await wizard.getWizard(deps(), callerOf(request))),
  );

  app.put(
    '/session/steps/:step',
    {
      schema: {
        tags: ['wizard'],
        summary: 'Save one step (its schema depends on the step number)',
        params: WizardStepParamSchema,
        body: z.unknown(),
        response: { 200: WizardStateSchema, ...errors },
      },
    },
    async (request) =>
      (await wizard.saveStep(deps(), callerOf(request), request.params.step as WizardStep, request.body))
        .state,
  );
}

/** The photo as uploaded (multipart field `photo`): too large, missing or cut off is refused. */
async function readUploadedPhoto(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file) throw new AppError('VALIDATION_MISSING_PARAM', 'Please choose a photo to upload.');
    const bytes = await file.toBuffer();
    // Over the limit is always "too large", never a cut-off photo taken as it is.
    if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', 'The photo is larger than 10 MB.');
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw new AppError('PAYLOAD_TOO_LARGE', 'The photo is larger than 10 MB.');
    // A body cut off or malformed on the way: the photo did not arrive whole.
    throw new AppError('VALIDATION_INVALID_PARAM', 'The photo did not arrive whole. Please upload it again.');
  }
}

/** The photos, the toy's colours and preview, and the covers drawn from them. */
function registerPictures(app: WizardApp, deps: Deps): void {
  app.post(
    '/photos',
    {
      schema: {
        tags: ['wizard'],
        summary: 'Upload the cropped photo of the child or the toy (multipart field `photo`)',
        querystring: z.object({ kind: PhotoKindSchema }),
        consumes: ['multipart/form-data'],
        response: {
          200: UploadedPhotoSchema,
          413: ErrorResponseSchema,
          422: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request) =>
      wizard.uploadPhoto(deps(), callerOf(request), await readUploadedPhoto(request), request.query.kind),
  );

  app.get(
    '/images/:imageId',
    {
      schema: {
        tags: ['wizard'],
        summary: 'An uploaded photo or generated cover of the caller’s wizard',
        params: z.object({ imageId: ImageIdSchema }),
      },
    },
    async (request, reply) => {
      const image = await wizard.readImage(deps(), callerOf(request), request.params.imageId);
      return reply.type(image.contentType).header('cache-control', 'private, max-age=3600').send(image.data);
    },
  );

  app.post(
    '/toy-colours',
    {
      schema: {
        tags: ['wizard'],
        summary:
          'The toy’s main and second colours read off its uploaded photo; none when the photo is busy, dark or shows several things',
        body: ToyColoursRequestSchema,
        response: { 200: ToyColoursSchema, ...errors },
      },
    },
    async (request) => wizard.readToyPhotoColours(deps(), callerOf(request), request.body.photoId),
  );

  app.get(
    '/toy-preview',
    {
      schema: {
        tags: ['wizard'],
        summary: 'The toy drawn from a look (kind, colours, feature), as SVG: step 3’s preview',
        querystring: ToyLookSchema,
      },
    },
    async (request, reply) =>
      reply
        .type('image/svg+xml')
        // The same look is the same drawing: the browser keeps it for a day.
        .header('cache-control', 'public, max-age=86400')
        .send(wizard.toyPreview(request.query)),
  );

  app.get(
    '/child-preview',
    {
      schema: {
        tags: ['wizard'],
        summary:
          'A brother, sister or friend drawn from a look (the look as JSON in `look`), as SVG: step 1’s preview of each companion',
        querystring: ChildPreviewQuerySchema,
      },
    },
    async (request, reply) =>
      reply
        .type('image/svg+xml')
        // The same look is the same drawing: the browser keeps it for a day.
        .header('cache-control', 'public, max-age=86400')
        .send(wizard.childPreview(request.query.look)),
  );

  app.post(
    '/covers',
    {
      schema: {
        tags: ['wizard'],
        summary: 'Make the hero or toy cover from the saved photo (up to 60 s)',
        body: GenerateCoverSchema,
        response: {
          200: GeneratedCoverSchema,
          422: ErrorResponseSchema,
          429: ErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => wizard.generateCover(deps(), callerOf(request), request.body),
  );
}

/** The finished wizard becomes a draft book; the wizard's cookie is then cleared. */
function registerCompletion(app: WizardApp, deps: Deps): void {
  app.post(
    '/complete',
    {
      schema: {
        tags: ['wizard'],
        summary: 'Create the book instance (draft) from the finished wizard; needs sign-in',
        body: z.object({ language: z.string().optional() }).nullish(),
        response: { 200: CompletedWizardSchema, 401: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const language = request.body?.language;
      const result = await wizard.completeWizard(deps(), callerOf(request), {
        language: isLanguage(language) ? language : 'en',
      });
      reply.clearCookie(WIZARD_COOKIE.name, { path: '/' });
      return result;
    },
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    wizardCaller: wizard.Caller | null;
  }
}
