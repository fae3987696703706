import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ChildLookSchema } from '../../../shared/domain/child-look';
import { defaultToyLook, ToyLookSchema } from '../../../shared/domain/toy-look';
import { isNearlySame } from '../../adapters/illustrator/picture-difference';
import { drawnCompanions } from '../../book/page-layout';
import { type BookPlan, planBook } from '../../book/plan';
import { countSpreads, ensureSpreads, listBookPictures } from '../../book/spreads';
import {
  addVersion,
  backCoverPosition,
  FRONT_COVER,
  hashedPicture,
  sha256,
  storyPageOf,
  storyPosition,
  versionById,
  versionTexts,
} from '../../book/versions';
import type { Db } from '../../db/client';
import { type BookVersionPictures, bookInstances, orders, pageRedraws, spreads } from '../../db/schema';
import { PermanentJobError, RetryableJobError, throwIfAborted } from '../../jobs/errors';
import { enqueue } from '../../jobs/queue';
import { instanceKeys } from '../../storage-keys';
import {
  illustrateSpreads,
  PAGE_PIXELS,
  type ProductionDeps,
  pictureExtension,
  readRequired,
  setProgress,
} from './pipeline';
import { printSizeCovers } from './print-covers';
import { FAILURE_STEP, PROGRESS } from './progress';

export type DrawDeps = ProductionDeps;

async function loadInstance(db: Db, id: string) {
  const [instance] = await db.select().from(bookInstances).where(eq(bookInstances.id, id));
  if (!instance) throw new PermanentJobError('JOB_NOT_FOUND', `Book ${id} not found`);
  return instance;
}

/**
 * What the illustrator needs besides the scene: the covers, the toy's photo, the child's look and
 * the toy's (a book made before toy looks: the default teddy, its kind from the toy's name).
 */
async function characters(deps: DrawDeps, instance: { id: string; wizardMetadata: unknown }, plan: BookPlan) {
  const [heroCover, toyCover] = await Promise.all([
    readRequired(deps.storage, plan.heroCoverKey, 'hero cover'),
    readRequired(deps.storage, plan.toyCoverKey, 'toy cover'),
  ]);
  const toyPhoto = await deps.storage
    .get('instances', plan.metadata.permanentPaths.toyPhoto ?? instanceKeys(instance.id).toyPhoto)
    .then((object) => object?.data);
  const look = ChildLookSchema.safeParse(
    (instance.wizardMetadata as { childLook?: unknown } | null)?.childLook,
  );
  const toyLook = ToyLookSchema.safeParse((instance.wizardMetadata as { toyLook?: unknown } | null)?.toyLook);
  // The children beside the lead (issue 35): drawn on every page and on the printed front cover.
  const companions = drawnCompanions(plan.metadata);
  return {
    ...(companions.length ? { companions, leadAge: plan.metadata.childAge } : {}),
    heroCover,
    toyCover,
    toyPhoto,
    look: look.success ? look.data : undefined,
    toyLook: toyLook.success ? toyLook.data : defaultToyLook({ toyName: plan.metadata.toyName }),
  };
}

/**
 * Draws a whole book before it is paid (the `draw-book` job, queued when the wizard completes):
 * every story page with the pipeline's spreads (leases, a finished page never drawn again), then
 * version 1 of the book with every picture's hash, and the book is `ready` to read and approve.
 * The covers are the wizard's approved ones, so the preview shows them as they will print.
 */
export async function drawBook(deps: DrawDeps, payload: { bookInstanceId: string }): Promise<void> {
  const { db } = deps;
  let instance = await loadInstance(db, payload.bookInstanceId);
  if (instance.currentVersionId) return;
  if (instance.status === 'draft') {
    await db
      .update(bookInstances)
      .set({
        status: 'rendering',
        currentStep: PROGRESS.setup.step,
        progressPercentage: PROGRESS.setup.percent,
        updatedAt: sql`now()`,
      })
      .where(and(eq(bookInstances.id, instance.id), eq(bookInstances.status, 'draft')));
    instance = await loadInstance(db, instance.id);
  }
  if (instance.status !== 'rendering') {
    throw new PermanentJobError(
      'JOB_INVALID_STATE',
      `Book ${instance.id} is ${instance.status}, not drawing`,
    );
  }
  await setProgress(db, instance.id, PROGRESS.setup);
  const plan = await planBook(instance);
  await ensureSpreads(db, instance.id, plan.story.pages, plan.templateName);
  const planned = await countSpreads(db, instance.id);
  await setProgress(db, instance.id, PROGRESS.jobsCreated(planned.total));
  const book = await characters(deps, instance, plan);
  await setProgress(db, instance.id, PROGRESS.intermediateImages);
  await setProgress(db, instance.id, PROGRESS.spreadJobsCreated(planned.total - planned.done));
  if (planned.done > 0) {
    await setProgress(db, instance.id, PROGRESS.generatingImages(planned.done, planned.total));
  }
  await illustrateSpreads(deps, { id: instance.id, plan, ...book });
  const drawn = await countSpreads(db, instance.id);
  if (drawn.done < drawn.total) {
    // Another worker still holds some pages (or held them when it died): come back after them.
    throw new RetryableJobError(
      'JOB_INVALID_STATE',
      `${drawn.total - drawn.done} of ${drawn.total} pages are not drawn yet`,
    );
  }
  throwIfAborted(deps.signal);

  // Version 1: the approved covers (drawn again at print size where the illustrator can) and every
  // page's picture, each with its hash: what the parent reads and approves is what prints.
  const covers = await printSizeCovers(
    deps,
    { id: instance.id, heroCoverKey: plan.heroCoverKey, toyCoverKey: plan.toyCoverKey, ...book },
    {
      childPhoto: await deps.storage
        .get('instances', plan.metadata.permanentPaths.childPhoto)
        .then((object) => object?.data),
      toyPhoto: book.toyPhoto,
      childName: plan.metadata.childName.trim(),
      childGender: plan.metadata.childGender,
      toyName: plan.metadata.toyName.trim(),
      themeId: plan.themeId,
      language: plan.language,
      look: book.look,
      toyLook: book.toyLook,
      ...(book.companions ? { companions: book.companions } : {}),
      variants: plan.metadata.coverVariants,
    },
  );
  throwIfAborted(deps.signal);
  const pictures: BookVersionPictures = {
    [FRONT_COVER]: await hashedPicture(deps.storage, covers.heroKey),
    [backCoverPosition(plan.story.pages.length)]: await hashedPicture(deps.storage, covers.toyKey),
  };
  for (const picture of await listBookPictures(db, instance.id)) {
    pictures[storyPosition(picture.position)] = await hashedPicture(deps.storage, picture.storagePath);
  }
  const texts = versionTexts(
    {
      childName: plan.metadata.childName.trim(),
      toyName: plan.metadata.toyName.trim(),
      // A cast's version keeps its companions' names, changed in the reader as the lead's is (issue 35).
      companionNames: plan.metadata.companions?.map((companion) => companion.name.trim()),
      dedicationMessage: plan.metadata.dedicationMessage,
      dedicationSignature: plan.metadata.dedicationSignature,
    },
    plan.story,
  );
  await db.transaction(async (tx) => {
    const [fresh] = await tx
      .select({ currentVersionId: bookInstances.currentVersionId })
      .from(bookInstances)
      .where(eq(bookInstances.id, instance.id))
      .for('update');
    // A second run (a lease taken over) finished first: its version stands.
    if (fresh?.currentVersionId) return;
    const version = await addVersion(tx, instance.id, texts, pictures);
    // A book paid before books were drawn before paying (issue 15) has no approved version: the
    // version just drawn is what it prints, as it would have before, and its print is queued.
    const [paidBefore] = await tx
      .update(orders)
      .set({ bookVersionId: version.id, updatedAt: sql`now()` })
      .where(
        and(
          eq(orders.bookInstanceId, instance.id),
          eq(orders.paymentStatus, 'paid'),
          isNull(orders.bookVersionId),
        ),
      )
      .returning({ id: orders.id });
    if (paidBefore) {
      await tx
        .update(bookInstances)
        .set({ approvedVersionId: version.id })
        .where(eq(bookInstances.id, instance.id));
      await enqueue(
        tx,
        'print-book',
        { bookInstanceId: instance.id, orderId: paidBefore.id },
        { singletonKey: `print-book:${instance.id}` },
      );
    }
    await tx
      .update(bookInstances)
      .set({
        status: 'ready',
        currentStep: PROGRESS.allDone.step,
        progressPercentage: PROGRESS.allDone.percent,
        updatedAt: sql`now()`,
      })
      .where(and(eq(bookInstances.id, instance.id), eq(bookInstances.status, 'rendering')));
  });
  deps.log.info({ bookInstanceId: instance.id, pages: drawn.total }, 'book drawn');
}

/** Drawing failed for good: the book is archived with docs/spec.md's message, and My Books offers Retry. */
export async function archiveDrawing(tx: Db, payload: { bookInstanceId: string }): Promise<void> {
  await tx
    .update(bookInstances)
    .set({ status: 'archived', currentStep: FAILURE_STEP, updatedAt: sql`now()` })
    .where(
      and(
        eq(bookInstances.id, payload.bookInstanceId),
        eq(bookInstances.status, 'rendering'),
        isNull(bookInstances.currentVersionId),
      ),
    );
}

/**
 * "Draw this page again" (the `redraw-page` job): the page's scene drawn as another variant, stored
 * under its own key (the current version's picture stays as it is) and kept as a candidate until
 * the parent chooses.
 */
export async function redrawPage(deps: DrawDeps, payload: { redrawId: string }): Promise<void> {
  const { db } = deps;
  const [redraw] = await db.select().from(pageRedraws).where(eq(pageRedraws.id, payload.redrawId));
  if (!redraw) throw new PermanentJobError('JOB_NOT_FOUND', `Redraw ${payload.redrawId} not found`);
  if (redraw.status !== 'drawing') return;
  const instance = await loadInstance(db, redraw.bookInstanceId);
  const plan = await planBook(instance);
  const storyPage = storyPageOf(redraw.position);
  const [spread] = await db
    .select({ content: spreads.content })
    .from(spreads)
    .where(and(eq(spreads.bookInstanceId, instance.id), eq(spreads.position, storyPage)));
  const page = plan.story.pages.find((candidate) => candidate.position === storyPage);
  if (!page) throw new PermanentJobError('JOB_INVALID_STATE', `Book ${instance.id} has no page ${storyPage}`);
  const book = await characters(deps, instance, plan);
  const current = await versionById(db, instance.id, instance.currentVersionId);
  const firstKey = current?.pictures[storyPosition(1)]?.key;
  const firstPage =
    storyPage === 1 || !firstKey ? undefined : (await deps.storage.get('instances', firstKey))?.data;
  const scene = (spread?.content as { scene?: typeof page.scene } | undefined)?.scene;
  const result = await deps.illustrator.illustratePage(
    {
      themeId: plan.themeId,
      heroCover: book.heroCover,
      toyCover: book.toyCover,
      scene: scene && 'setting' in scene ? scene : page.scene,
      child: {
        look: book.look,
        ...(book.companions ? { age: book.leadAge, name: plan.metadata.childName } : {}),
      },
      toy: { look: book.toyLook },
      ...(book.companions ? { companions: book.companions } : {}),
      toyPhoto: book.toyPhoto,
      firstPage,
      style: plan.style,
      pageNumber: storyPage,
      size: deps.pageSize ?? PAGE_PIXELS,
      language: plan.language,
      variant: redraw.variant,
    },
    { signal: deps.signal },
  );
  throwIfAborted(deps.signal);
  if (!result.ok) throw new RetryableJobError(result.code, `Page ${storyPage}, redraw: ${result.message}`);
  const extension = await pictureExtension(result.image);
  // A new picture nearly the same as the one it replaces does not count against the book's redraws
  // (issue 36): the redraw's row says so.
  const replacedKey = current?.pictures[redraw.position]?.key;
  const replaced = replacedKey ? (await deps.storage.get('instances', replacedKey))?.data : undefined;
  const same = replaced !== undefined && (await isNearlySame(result.image, replaced));
  const key = instanceKeys(instance.id).pageVariant(storyPage, redraw.variant, extension);
  await deps.storage.put('instances', key, result.image, {
    contentType: `image/${extension === 'jpg' ? 'jpeg' : 'png'}`,
  });
  await db
    .update(pageRedraws)
    .set({
      status: 'ready',
      storageKey: key,
      sha256: sha256(result.image),
      nearlySame: same,
      updatedAt: sql`now()`,
    })
    .where(and(eq(pageRedraws.id, redraw.id), eq(pageRedraws.status, 'drawing')));
}

/** A redraw that failed for good is shown as failed; it does not count against the limit. */
export async function failRedraw(tx: Db, payload: { redrawId: string }, error: unknown): Promise<void> {
  await tx
    .update(pageRedraws)
    .set({
      status: 'failed',
      lastError: error instanceof Error ? error.message.slice(0, 2000) : String(error),
      updatedAt: sql`now()`,
    })
    .where(and(eq(pageRedraws.id, payload.redrawId), inArray(pageRedraws.status, ['drawing'])));
}
