import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { COVER_WAIT, USUAL_COVER_SECONDS, WIZARD_COOKIE } from '../../../shared/constants';
import {
  type ChildStep,
  COVER_VERSIONS_KEPT,
  type CoverStep,
  type CoverVersion,
  type DedicationStep,
  STEP_SCHEMAS,
  type ToyGeneratedStep,
  type ToyStep,
  type WizardPrefill,
  WizardPrefillSchema,
  type WizardState,
} from '../../../shared/contracts/wizard';
import { BookPersonalisationSchema, secondLanguageOf } from '../../../shared/domain/book-personalisation';
import type { Companion } from '../../../shared/domain/cast';
import { type ChildLook, ChildLookSchema, type LookPart } from '../../../shared/domain/child-look';
import {
  type BookType,
  parseBookType,
  WIZARD_STEP_TYPES,
  type WizardStepType,
} from '../../../shared/domain/statuses';
import { sameToyLook, type ToyLook } from '../../../shared/domain/toy-look';
import { resumeStep, type WizardStep } from '../../../shared/domain/wizard';
import type { Language } from '../../../shared/i18n';
import { drawChild, toyPreviewSvg } from '../../adapters/illustrator/characters';
import { readToyColours } from '../../adapters/illustrator/characters/read-toy-look';
import type { Illustrator } from '../../adapters/illustrator/index';
import type { Storage } from '../../adapters/storage/index';
import { drawnCompanions } from '../../book/page-layout';
import type { Db } from '../../db/client';
import { bookInstances, characters, themes, wizardSessions } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { enqueue } from '../../jobs/queue';
import { instanceKeys, wizardKeys } from '../../storage-keys';
import { refuseOverDailyPreviews } from '../books/limits';
import { getTheme } from '../catalog/service';
import { cleanPhoto } from '../uploads/photo';
import {
  cloneOrderSteps,
  companionsOf,
  companionsOfCharacter,
  copyBookForNewPhoto,
  findBookToChange,
  findCharacterToPrefill,
  findOrderToClone,
  prefillChild,
} from './prefill';
import * as repo from './repo';

const GENERATION_LIMITS = { perSessionPerHour: 10, perUserPerDay: 30, timeoutMs: COVER_WAIT.mostMs } as const;
const SESSION_MS = WIZARD_COOKIE.hours * 60 * 60 * 1000;

export type WizardDeps = {
  db: Db;
  storage: Storage;
  illustrator: Illustrator;
  now: () => Date;
  /** How long a cover may take (60 s; tests shorten it). */
  generationTimeoutMs?: number;
};
export type Caller = { sessionId: string | undefined; userId: string | null };
type Steps = { 1?: ChildStep; 2?: CoverStep; 3?: ToyStep; 4?: ToyGeneratedStep; 5?: DedicationStep };

/** A new session id, `wizard_{timestamp}_{random}`, with 128 unguessable bits. */
function newWizardSessionId(now: Date): string {
  return `wizard_${now.getTime()}_${randomBytes(16).toString('hex')}`;
}

async function readSteps(db: Db, sessionId: string): Promise<Steps> {
  const steps: Steps = {};
  for (const row of await repo.listSteps(db, sessionId)) {
    const schema = STEP_SCHEMAS[row.stepNumber as WizardStep];
    const parsed = schema?.safeParse(row.data);
    if (parsed?.success) Object.assign(steps, { [row.stepNumber]: parsed.data });
  }
  return steps;
}

/** What a session started from an earlier book was prefilled with (none for other sessions). */
function storedPrefill(session: repo.WizardSessionRow): WizardPrefill | undefined {
  if (session.prefill === null || session.prefill === undefined) return undefined;
  const parsed = WizardPrefillSchema.safeParse(session.prefill);
  return parsed.success ? parsed.data : undefined;
}

function toState(
  deps: Pick<WizardDeps, 'illustrator'>,
  session: repo.WizardSessionRow,
  steps: Steps,
  restored: boolean,
  signedIn: boolean,
): WizardState {
  const prefill = storedPrefill(session);
  return {
    themeId: session.themeId,
    bookType: session.bookType,
    steps,
    resumeStep: resumeStep({
      picture: steps[1]?.picture,
      generatedCover: steps[2]?.approved ? steps[2].generatedCover : undefined,
      toyName: steps[3]?.toyName,
      toyPicture: steps[3]?.toyPicture,
      generatedToyImage: steps[4]?.approved ? steps[4].generatedToyImage : undefined,
    }),
    restored,
    signedIn,
    coverWaitSeconds: USUAL_COVER_SECONDS[deps.illustrator.kind],
    ...(prefill ? { prefill } : {}),
  };
}

/** The caller's current session (cookie or own), linked to the user when they have signed in since. */
async function findCallerSession(deps: WizardDeps, caller: Caller) {
  if (!caller.sessionId) return undefined;
  const session = await repo.findSessionForCaller(deps.db, caller.sessionId, caller.userId, deps.now());
  if (session?.status !== 'active') return undefined;
  const expiresAt = new Date(deps.now().getTime() + SESSION_MS);
  await repo.touchSession(deps.db, session.sessionId, caller.userId, expiresAt);
  return { ...session, userId: caller.userId ?? session.userId, expiresAt };
}

async function requireSession(deps: WizardDeps, caller: Caller) {
  const session = await findCallerSession(deps, caller);
  if (!session) throw notFound('Wizard session');
  return session;
}

/** Starts a wizard for a theme and book type, or resumes the caller's one ('welcome back'). */
export async function startWizard(
  deps: WizardDeps,
  caller: Caller,
  input: {
    themeId: string;
    bookType: BookType;
    characterId?: string;
    cloneOrderId?: string;
    fromBookId?: string;
  },
) {
  if (input.characterId || input.cloneOrderId || input.fromBookId) {
    return startPrefilledWizard(deps, caller, input);
  }
  await getTheme(deps.db, input.themeId, input.bookType);
  let session = await findCallerSession(deps, caller);
  if (session && (session.themeId !== input.themeId || session.bookType !== input.bookType))
    session = undefined;
  if (!session && caller.userId) {
    const own = await repo.findActiveSessionOfUser(deps.db, caller.userId, input.themeId, input.bookType);
    if (own) {
      const expiresAt = new Date(deps.now().getTime() + SESSION_MS);
      await repo.touchSession(deps.db, own.sessionId, caller.userId, expiresAt);
      session = { ...own, expiresAt };
    }
  }
  if (session) {
    const steps = await readSteps(deps.db, session.sessionId);
    return {
      session,
      state: toState(deps, session, steps, Object.keys(steps).length > 0, caller.userId !== null),
    };
  }
  const created = await createSession(deps, caller.userId, input.themeId, input.bookType);
  return { session: created, state: toState(deps, created, {}, false, caller.userId !== null) };
}

function createSession(deps: WizardDeps, userId: string | null, themeId: string, bookType: BookType) {
  return repo.insertSession(deps.db, {
    sessionId: newWizardSessionId(deps.now()),
    userId,
    themeId,
    bookType,
    expiresAt: new Date(deps.now().getTime() + SESSION_MS),
  });
}

/**
 * A wizard started from an earlier book ("Reorder" with a child, "Make Sibling Version" of an order):
 * a new session of the signed-in user, or the caller's current one when it was started from the very
 * same book (a reload of the same address keeps what was typed and saved). A sibling version takes
 * the order's own theme and book type, whatever the request says, so the kept toy cover matches the
 * book it is for.
 */
async function startPrefilledWizard(
  deps: WizardDeps,
  caller: Caller,
  input: {
    themeId: string;
    bookType: BookType;
    characterId?: string;
    cloneOrderId?: string;
    fromBookId?: string;
  },
) {
  if (!caller.userId) throw new AppError('UNAUTHENTICATED', 'Please sign in to start from an earlier book.');
  const userId = caller.userId;
  const character = input.characterId
    ? await findCharacterToPrefill(deps.db, userId, input.characterId)
    : undefined;
  const order = input.cloneOrderId ? await findOrderToClone(deps.db, userId, input.cloneOrderId) : undefined;
  const book = input.fromBookId ? await findBookToChange(deps.db, userId, input.fromBookId) : undefined;
  const themeId = book?.themeId ?? order?.themeId ?? input.themeId;
  const bookType =
    (book && parseBookType(book.bookType)) ?? (order && parseBookType(order.bookType)) ?? input.bookType;
  const prefillSource = [
    character ? `character:${character.id}` : undefined,
    input.cloneOrderId ? `clone:${input.cloneOrderId}` : undefined,
    book ? `book:${book.id}` : undefined,
  ]
    .filter(Boolean)
    .join('|');
  const current = await findCallerSession(deps, caller);
  if (
    current?.prefillSource === prefillSource &&
    current.themeId === themeId &&
    current.bookType === bookType
  ) {
    const steps = await readSteps(deps.db, current.sessionId);
    return { session: current, state: toState(deps, current, steps, Object.keys(steps).length > 0, true) };
  }
  await getTheme(deps.db, themeId, bookType);
  const created = await createSession(deps, userId, themeId, bookType);
  const prefill: WizardPrefill = {};
  if (character) prefill.child = await prefillChild(deps, created.sessionId, userId, character);
  if (order) prefill.clonedFrom = await cloneOrderSteps(deps, created.sessionId, order);
  if (book) Object.assign(prefill, await copyBookForNewPhoto(deps, created.sessionId, book));
  // The cast beside the child comes along, ready to change in step 1 (issue 35).
  const companions =
    (book && companionsOf(book.wizardMetadata)) ??
    (order && companionsOf(order.wizardMetadata)) ??
    (character && (await companionsOfCharacter(deps.db, userId, character)));
  if (companions) prefill.companions = companions;
  const session = await repo.setSessionPrefill(deps.db, created.sessionId, prefillSource, prefill);
  const steps = await readSteps(deps.db, session.sessionId);
  return { session, state: toState(deps, session, steps, false, true) };
}

export async function getWizard(deps: WizardDeps, caller: Caller) {
  const session = await requireSession(deps, caller);
  return {
    session,
    state: toState(deps, session, await readSteps(deps.db, session.sessionId), false, caller.userId !== null),
  };
}

async function requireImage(deps: WizardDeps, sessionId: string, imageId: string, extension: 'jpg' | 'png') {
  if (!(await deps.storage.exists('wizard-temp', wizardKeys(sessionId).image(imageId, extension)))) {
    throw new AppError('IMAGE_NOT_FOUND', 'This picture is no longer available. Please upload it again.');
  }
}

/** The covers made for step 2 or 4 so far (one for a step saved before versions were kept). */
function keptVersions(saved: CoverStep | ToyGeneratedStep | undefined): CoverVersion[] {
  if (!saved) return [];
  if (saved.versions) return saved.versions;
  const imageId = 'generatedCover' in saved ? saved.generatedCover : saved.generatedToyImage;
  const look = 'look' in saved ? saved.look : undefined;
  const unread = 'unread' in saved ? saved.unread : undefined;
  return [{ imageId, variant: saved.variant ?? 0, ...(look ? { look } : {}), ...(unread ? { unread } : {}) }];
}

/**
 * What the server keeps of a cover the parent chose (approved, or picked among the earlier ones):
 * its variant and drawn look as the server made them, whatever the client sends, and every version.
 */
function chosenVersion(
  saved: CoverStep | ToyGeneratedStep | undefined,
  imageId: string,
  sentLook: CoverStep['look'],
): { look?: CoverStep['look']; unread?: CoverStep['unread']; variant?: number; versions?: CoverVersion[] } {
  const versions = keptVersions(saved);
  const version = versions.find((kept) => kept.imageId === imageId);
  // A cover of this session the server has no version of (saved before versions were kept).
  if (!version) return { variant: undefined, versions: saved?.versions };
  // The parts still to choose are the version's, whatever the client sends.
  return { look: version.look ?? sentLook, unread: version.unread, variant: version.variant, versions };
}

/** Saves one step; a new photo makes the cover made from the old one stale, so that cover is dropped. */
export async function saveStep(deps: WizardDeps, caller: Caller, step: WizardStep, body: unknown) {
  const session = await requireSession(deps, caller);
  const data = STEP_SCHEMAS[step].parse(body);
  const steps = await readSteps(deps.db, session.sessionId);
  const missing = (need: WizardStep) => {
    if (!steps[need]) throw new AppError('JOB_DEPENDENCY_MISSING', `Step ${need} has to be completed first.`);
  };
  if (step === 1) await requireImage(deps, session.sessionId, (data as ChildStep).picture, 'jpg');
  if (step === 2) {
    missing(1);
    const cover = data as CoverStep;
    await requireImage(deps, session.sessionId, cover.generatedCover, 'png');
    Object.assign(cover, chosenVersion(steps[2], cover.generatedCover, cover.look));
  }
  if (step === 3) await requireImage(deps, session.sessionId, (data as ToyStep).toyPicture, 'jpg');
  if (step === 4) {
    missing(3);
    const cover = data as ToyGeneratedStep;
    await requireImage(deps, session.sessionId, cover.generatedToyImage, 'png');
    const {
      look: _none,
      unread: _unread,
      ...chosen
    } = chosenVersion(steps[4], cover.generatedToyImage, undefined);
    Object.assign(cover, chosen);
  }
  await repo.upsertStep(
    deps.db,
    session.sessionId,
    step,
    WIZARD_STEP_TYPES[step - 1] as WizardStepType,
    data,
  );
  // A new photo, or another cast beside the child, makes the hero cover stale (it draws every child).
  if (
    step === 1 &&
    (steps[1]?.picture !== (data as ChildStep).picture ||
      !sameCompanions(steps[1]?.companions, (data as ChildStep).companions))
  )
    await repo.deleteStep(deps.db, session.sessionId, 2);
  // A new photo or another drawn look makes the toy's cover stale.
  if (
    step === 3 &&
    (steps[3]?.toyPicture !== (data as ToyStep).toyPicture ||
      !sameToyLook(steps[3]?.look, (data as ToyStep).look))
  )
    await repo.deleteStep(deps.db, session.sessionId, 4);
  return {
    session,
    state: toState(deps, session, await readSteps(deps.db, session.sessionId), false, caller.userId !== null),
  };
}

/** True when two casts beside the lead are drawn and written alike (none and an empty list are alike). */
function sameCompanions(a: readonly Companion[] | undefined, b: readonly Companion[] | undefined): boolean {
  return JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
}

/**
 * A companion drawn alone from a look, standing and waving, as SVG: wizard step 1's preview of each
 * brother, sister or friend (they have no photo, docs/decisions/030-siblings.md). A look that is not
 * JSON or breaks the shared schema is refused.
 */
export function childPreview(lookJson: string): string {
  let value: unknown;
  try {
    value = JSON.parse(lookJson);
  } catch {
    value = undefined;
  }
  const parsed = ChildLookSchema.safeParse(value);
  if (!parsed.success) throw new AppError('VALIDATION_INVALID_PARAM', 'The look is not one the shop draws.');
  const figure = drawChild({ look: parsed.data, pose: 'waving', expression: 'happy', style: 'color' });
  const pad = 16;
  const w = figure.width + 2 * pad;
  const h = figure.height + 2 * pad;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"><g transform="translate(${pad} ${pad})">${figure.svg}</g></svg>`;
}

/** Checks, cleans and keeps an uploaded photo in the session's temporary folder. */
export async function uploadPhoto(deps: WizardDeps, caller: Caller, bytes: Buffer, kind?: 'child' | 'toy') {
  const session = await requireSession(deps, caller);
  const photo = await cleanPhoto(bytes);
  if (kind) await refusePhotoWithoutSubject(deps.illustrator, kind, photo.data);
  const photoId = randomUUID();
  await deps.storage.put('wizard-temp', wizardKeys(session.sessionId).image(photoId, 'jpg'), photo.data, {
    contentType: 'image/jpeg',
  });
  return { photoId, width: photo.width, height: photo.height };
}

/**
 * The toy's main and second colours read off a toy photo of the caller's session, or none when the
 * photo cannot tell (docs/decisions/021-the-toy-drawn.md): the parent chooses then.
 */
export async function readToyPhotoColours(deps: WizardDeps, caller: Caller, photoId: string) {
  const session = await requireSession(deps, caller);
  const object = await deps.storage.get('wizard-temp', wizardKeys(session.sessionId).image(photoId, 'jpg'));
  if (!object) throw notFound('Image');
  const reading = await readToyColours(object.data);
  return reading.ok ? { colours: reading.colours } : {};
}

/** The toy drawn alone from a look, as SVG: the wizard's live preview and its kind buttons. */
export function toyPreview(look: ToyLook): string {
  return toyPreviewSvg(look);
}

/**
 * The face (or toy) check at once on upload (issue 36), with the illustrator's offline check where it
 * has one: a photo without a person is refused in the photo field, not only when the cover is drawn.
 * A check that cannot run (its models failed to load) lets the photo through: the cover checks again.
 */
async function refusePhotoWithoutSubject(illustrator: Illustrator, kind: 'child' | 'toy', jpeg: Buffer) {
  if (!illustrator.checkPhoto) return;
  let ok = true;
  try {
    ok = (await illustrator.checkPhoto(kind === 'child' ? 'hero_generation' : 'plush_toy_generation', jpeg))
      .ok;
  } catch {
    return;
  }
  if (ok) return;
  throw kind === 'child'
    ? new AppError(
        'AI_INVALID_IMAGE_NO_PERSON',
        'No person was detected in the photo. Please upload a photo that clearly shows the child.',
      )
    : new AppError(
        'AI_INVALID_IMAGE_NO_TOY',
        'No plush toy was detected in the photo. Please upload a photo that clearly shows the toy.',
      );
}

/** An uploaded photo or a generated cover of the caller's session. */
export async function readImage(deps: WizardDeps, caller: Caller, imageId: string) {
  const session = await requireSession(deps, caller);
  for (const extension of ['jpg', 'png'] as const) {
    const object = await deps.storage.get(
      'wizard-temp',
      wizardKeys(session.sessionId).image(imageId, extension),
    );
    if (object) return { data: object.data, contentType: extension === 'jpg' ? 'image/jpeg' : 'image/png' };
  }
  throw notFound('Image');
}

/**
 * Makes the hero or toy cover from the saved photo and name, within the time and count limits. A hero
 * cover with the parent's `look` redraws the drawn child; with the local illustrator that is a cheap
 * drawing, so it does not count against the limits (a hosted one ignores the look and is counted).
 */
export async function generateCover(
  deps: WizardDeps,
  caller: Caller,
  input: {
    kind: 'hero' | 'toy';
    language: Language;
    look?: ChildLook | undefined;
    unread?: LookPart[] | undefined;
  },
) {
  const session = await requireSession(deps, caller);
  const steps = await readSteps(deps.db, session.sessionId);
  const source =
    input.kind === 'hero'
      ? steps[1] && { photo: steps[1].picture, name: steps[1].name }
      : steps[3] && { photo: steps[3].toyPicture, name: steps[3].toyName };
  if (!source)
    throw new AppError(
      'JOB_DEPENDENCY_MISSING',
      `Save the ${input.kind === 'hero' ? 'child' : 'toy'} step first.`,
    );

  const look = input.kind === 'hero' ? input.look : undefined;
  // The whole cast on the hero cover (issue 35): absent for a book of one child, as before.
  const companions = input.kind === 'hero' ? drawnCompanions({ companions: steps[1]?.companions }) : [];
  // The toy is drawn as the parent chose it in step 3 (docs/decisions/021-the-toy-drawn.md).
  const toyLook = input.kind === 'toy' ? steps[3]?.look : undefined;
  const counted = !(look && deps.illustrator.kind === 'local');
  // The covers of this step drawn with the name as it is now (a new photo drops the step already).
  const saved = input.kind === 'hero' ? steps[2] : steps[4];
  const kept = keptVersions(saved).filter(
    (version) => version.name === undefined || version.name === source.name,
  );
  // A look redraws the cover on screen in its pose and sky; otherwise "Make a new one" asks for the
  // next variant, so the parent gets another cover and can still go back to the earlier ones.
  const variant = look
    ? (saved?.variant ?? 0)
    : kept.length === 0
      ? 0
      : Math.max(...kept.map((version) => version.variant)) + 1;
  const now = deps.now();
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  if (
    counted &&
    (await repo.countGenerations(deps.db, { sessionId: session.sessionId }, hourAgo)) >=
      GENERATION_LIMITS.perSessionPerHour
  ) {
    throw new AppError(
      'GENERATION_LIMIT_REACHED',
      'You have made many covers in a short time. Please wait a little before trying again.',
    );
  }
  if (
    counted &&
    caller.userId &&
    (await repo.countGenerations(deps.db, { userId: caller.userId }, dayAgo)) >=
      GENERATION_LIMITS.perUserPerDay
  ) {
    throw new AppError(
      'GENERATION_LIMIT_REACHED',
      'You have reached today’s number of covers. Please come back tomorrow.',
    );
  }

  const photo = await deps.storage.get(
    'wizard-temp',
    wizardKeys(session.sessionId).image(source.photo, 'jpg'),
  );
  if (!photo)
    throw new AppError('IMAGE_NOT_FOUND', 'This picture is no longer available. Please upload it again.');
  if (counted) await repo.logGeneration(deps.db, session.sessionId, caller.userId, now);

  const signal = AbortSignal.timeout(deps.generationTimeoutMs ?? GENERATION_LIMITS.timeoutMs);
  const result = await Promise.race([
    deps.illustrator.generateCover(
      {
        kind: input.kind === 'hero' ? 'hero_generation' : 'plush_toy_generation',
        photo: photo.data,
        name: source.name,
        themeId: session.themeId,
        language: input.language,
        ...(look ? { look } : {}),
        ...(toyLook ? { toy: toyLook } : {}),
        ...(companions.length > 0 ? { companions, gender: steps[1]?.gender } : {}),
        ...(variant > 0 ? { variant } : {}),
      },
      { signal },
    ),
    new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () =>
        reject(new AppError('AI_TIMEOUT', 'Making the picture took too long. Please try again.')),
      ),
    ),
  ]);
  if (!result.ok) throw new AppError(result.code, result.message);
  // The parts the photo did not settle (issue 30): as read, or, for a redraw with the parent's look,
  // those the cover it adjusts still had that the parent has not chosen since.
  const unread =
    input.kind === 'hero' && result.look
      ? look
        ? (steps[2]?.unread ?? []).filter((part) => input.unread?.includes(part))
        : result.unread
      : undefined;
  const imageId = randomUUID();
  await deps.storage.put('wizard-temp', wizardKeys(session.sessionId).image(imageId, 'png'), result.image, {
    contentType: 'image/png',
  });
  // The new cover among the earlier ones (a look's redraw takes the place of the cover it adjusts),
  // the newest kept when there are too many.
  const made: CoverVersion = {
    imageId,
    variant,
    name: source.name,
    ...(input.kind === 'hero' && result.look ? { look: result.look } : {}),
    ...(unread ? { unread } : {}),
  };
  const others = look ? kept.filter((version) => version.variant !== variant) : kept;
  const versions = [...others, made].sort((a, b) => a.variant - b.variant).slice(-COVER_VERSIONS_KEPT);
  // Kept with the session, not yet approved: a reload shows this cover instead of making another.
  if (input.kind === 'hero') {
    await repo.upsertStep(deps.db, session.sessionId, 2, 'cover', {
      approved: false,
      generatedCover: imageId,
      ...(result.look ? { look: result.look } : {}),
      ...(unread ? { unread } : {}),
      variant,
      versions,
    });
  } else {
    await repo.upsertStep(deps.db, session.sessionId, 4, 'toy_generated', {
      approved: false,
      generatedToyImage: imageId,
      variant,
      versions,
    });
  }
  return {
    imageId,
    ...(input.kind === 'hero' && result.look ? { look: result.look } : {}),
    ...(unread ? { unread } : {}),
    variant,
    versions,
  };
}

/** Another request completed the same session a moment ago: its book is the one kept. */
class SessionCompletedMeanwhile extends Error {
  constructor() {
    super('The wizard session was completed by another request');
  }
}

/**
 * Completes the wizard for a signed-in user: the book instance (draft) with its images under
 * `instanceKeys(id)`, its personalisation (wizard_metadata), the child's `characters` row and the
 * `draw-book` job that draws every page, in one go. Twice gives the same instance.
 */
export async function completeWizard(deps: WizardDeps, caller: Caller, input: { language: Language }) {
  if (!caller.userId) throw new AppError('UNAUTHENTICATED', 'Please sign in to complete your book.');
  const userId = caller.userId;
  /** The book of this session when it was completed already (by this request's twin, a moment ago). */
  const completedBook = async () => {
    if (!caller.sessionId) return undefined;
    const [done] = await deps.db
      .select({ bookInstanceId: wizardSessions.bookInstanceId })
      .from(wizardSessions)
      .where(
        and(
          eq(wizardSessions.sessionId, caller.sessionId),
          eq(wizardSessions.userId, userId),
          eq(wizardSessions.status, 'completed'),
        ),
      );
    return done?.bookInstanceId ?? undefined;
  };
  const earlier = await completedBook();
  if (earlier) return { bookInstanceId: earlier };
  const session = await findCallerSession(deps, caller);
  if (!session) {
    const justDone = await completedBook();
    if (justDone) return { bookInstanceId: justDone };
    throw notFound('Wizard session');
  }
  const steps = await readSteps(deps.db, session.sessionId);
  const child = steps[1];
  const toy = steps[3];
  if (!child || !steps[2]?.approved || !toy || !steps[4]?.approved) {
    throw new AppError('JOB_INVALID_STATE', 'Some steps are not finished yet. Please complete them first.');
  }
  const dedication = steps[5] ?? { dedicationMessage: '', dedicationSignature: '' };
  const secondLanguage = secondLanguageOf(input.language, {
    secondLanguage: dedication.secondLanguage ?? undefined,
  });
  const childLook = steps[2].look;
  const toyLook = toy.look;
  // The covers' variants, only when one is not the first cover (older books stay as they were).
  const coverVariants = {
    ...(steps[2].variant ? { hero: steps[2].variant } : {}),
    ...(steps[4].variant ? { toy: steps[4].variant } : {}),
  };
  // The whole book is drawn now: a hosted illustrator costs money per picture.
  await refuseOverDailyPreviews(deps.db, userId, deps.now());
  const [theme] = await deps.db
    .select({ bookId: themes.bookId })
    .from(themes)
    .where(eq(themes.id, session.themeId));
  if (!theme) throw notFound('Theme');

  const bookInstanceId = randomUUID();
  const keys = instanceKeys(bookInstanceId);
  const paths = keys.pictures;
  const temp = wizardKeys(session.sessionId);
  const copies: [string, string, string][] = [
    [temp.image(child.picture, 'jpg'), paths.childPhoto, 'image/jpeg'],
    [temp.image(toy.toyPicture, 'jpg'), paths.toyPhoto, 'image/jpeg'],
    [temp.image(steps[2].generatedCover, 'png'), paths.generatedHero, 'image/png'],
    [temp.image(steps[4].generatedToyImage, 'png'), paths.generatedToy, 'image/png'],
  ];
  try {
    for (const [from, to, contentType] of copies) {
      const object = await deps.storage.get('wizard-temp', from);
      if (!object)
        throw new AppError('IMAGE_NOT_FOUND', 'A picture of this book is missing. Please upload it again.');
      await deps.storage.put('instances', to, object.data, { contentType });
    }
    const completed = await deps.db.transaction(async (tx) => {
      await tx.insert(bookInstances).values({
        id: bookInstanceId,
        bookId: theme.bookId,
        themeId: session.themeId,
        bookType: session.bookType,
        createdBy: userId,
        status: 'draft',
        language: input.language,
        wizardMetadata: BookPersonalisationSchema.parse({
          childName: child.name,
          childGender: child.gender,
          childAge: child.age,
          consent: child.consent,
          toyName: toy.toyName,
          dedicationMessage: dedication.dedicationMessage,
          dedicationSignature: dedication.dedicationSignature,
          permanentPaths: paths,
          // The drawn child as the parent approved it on the cover (local illustrator only).
          ...(childLook ? { childLook } : {}),
          // The drawn toy as the parent chose it in step 3 (absent: drawn as the default teddy).
          ...(toyLook ? { toyLook } : {}),
          ...(Object.keys(coverVariants).length > 0 ? { coverVariants } : {}),
          // The bilingual edition: the second language chosen in step 5, unless it is the book's own.
          ...(secondLanguage ? { secondLanguage } : {}),
          // The brothers, sisters or friends beside the child (issue 35); none: a book of one child.
          ...(child.companions?.length ? { companions: child.companions } : {}),
        }),
      });
      await tx.insert(characters).values({ userId, name: child.name, photoPath: paths.childPhoto });
      // The book is drawn before paying (issue 15): its job exists exactly when the book does.
      await enqueue(tx, 'draw-book', { bookInstanceId }, { singletonKey: `draw-book:${bookInstanceId}` });
      const updated = await tx
        .update(wizardSessions)
        .set({ status: 'completed', bookInstanceId, userId, updatedAt: new Date() })
        .where(and(eq(wizardSessions.sessionId, session.sessionId), eq(wizardSessions.status, 'active')))
        .returning({ sessionId: wizardSessions.sessionId });
      // Another request completed this session a moment ago: keep its book, drop this one.
      if (updated.length === 0) throw new SessionCompletedMeanwhile();
      return true;
    });
    if (completed) return { bookInstanceId };
  } catch (error) {
    await deps.storage.deletePrefix('instances', keys.folder);
    if (error instanceof SessionCompletedMeanwhile) {
      const [done] = await deps.db
        .select({ bookInstanceId: wizardSessions.bookInstanceId })
        .from(wizardSessions)
        .where(eq(wizardSessions.sessionId, session.sessionId));
      if (done?.bookInstanceId) return { bookInstanceId: done.bookInstanceId };
    }
    throw error;
  }
  return { bookInstanceId };
}
