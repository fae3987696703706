import { randomUUID } from 'node:crypto';
import { STEP_SCHEMAS, type WizardPrefill } from '../../../shared/contracts/wizard';
import { readPersonalisation } from '../../../shared/domain/book-personalisation';
import type { Companion } from '../../../shared/domain/cast';
import type { WizardStepType } from '../../../shared/domain/statuses';
import { WIZARD_STEP_TYPES } from '../../../shared/domain/statuses';
import type { WizardStep } from '../../../shared/domain/wizard';
import type { Storage } from '../../adapters/storage/index';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { wizardKeys } from '../../storage-keys';
import * as repo from './repo';

type PrefillDeps = { db: Db; storage: Storage };

/** Copies a book's stored image into the session's temporary folder under a new id; none when missing. */
async function copyIntoSession(
  deps: PrefillDeps,
  sessionId: string,
  path: string | null | undefined,
  extension: 'jpg' | 'png',
) {
  if (!path) return undefined;
  const object = await deps.storage.get('instances', path);
  if (!object) return undefined;
  const imageId = randomUUID();
  await deps.storage.put('wizard-temp', wizardKeys(sessionId).image(imageId, extension), object.data, {
    contentType: extension === 'jpg' ? 'image/jpeg' : 'image/png',
  });
  return imageId;
}

/**
 * "Reorder": the user's child (name, and gender and age from their newest book with this photo) with
 * the photo copied into the new session. Not saved as step 1: the parent gives the consent again.
 */
export async function prefillChild(
  deps: PrefillDeps,
  sessionId: string,
  userId: string,
  character: Awaited<ReturnType<typeof findCharacterToPrefill>>,
): Promise<NonNullable<WizardPrefill['child']>> {
  const metadata = character.photoPath
    ? readPersonalisation(await repo.findNewestMetadataForChildPhoto(deps.db, userId, character.photoPath))
    : {};
  const picture = await copyIntoSession(deps, sessionId, character.photoPath, 'jpg');
  return {
    name: character.name,
    ...(metadata.childGender ? { gender: metadata.childGender } : {}),
    ...(metadata.childAge ? { age: metadata.childAge } : {}),
    ...(picture ? { picture } : {}),
  };
}

/**
 * The companions of an earlier book (issue 35), for step 1 to show ready to change: a reorder, a
 * sibling version and a new photo keep the cast. None for a book of one child.
 */
export function companionsOf(wizardMetadata: unknown): Companion[] | undefined {
  const companions = readPersonalisation(wizardMetadata).companions;
  return companions && companions.length > 0 ? companions : undefined;
}

/**
 * The companions of the user's newest book with this child's photo (a reorder of the child), if any.
 */
export async function companionsOfCharacter(
  db: Db,
  userId: string,
  character: Awaited<ReturnType<typeof findCharacterToPrefill>>,
): Promise<Companion[] | undefined> {
  if (!character.photoPath) return undefined;
  return companionsOf(await repo.findNewestMetadataForChildPhoto(db, userId, character.photoPath));
}

/** The child a reorder starts from, checked to be the caller's (else 404) before a session is made. */
export async function findCharacterToPrefill(db: Db, userId: string, characterId: string) {
  const character = await repo.findCharacterOfUser(db, characterId, userId);
  if (!character) throw notFound('Character');
  return character;
}

/** The order a sibling version copies, checked to be the caller's (else 404) before a session is made. */
export async function findOrderToClone(db: Db, userId: string, orderId: string) {
  const order = await repo.findOrderOfUserWithBook(db, orderId, userId);
  if (!order) throw notFound('Order');
  return order;
}

async function saveIfValid(db: Db, sessionId: string, step: WizardStep, data: unknown) {
  const parsed = STEP_SCHEMAS[step].safeParse(data);
  if (!parsed.success) return false;
  await repo.upsertStep(db, sessionId, step, WIZARD_STEP_TYPES[step - 1] as WizardStepType, parsed.data);
  return true;
}

/**
 * "Make Sibling Version": saves the order's toy (3), its approved toy cover (4) and its dedication (5)
 * in the new session, with the pictures copied under new ids. What the old book lacks is left to fill.
 */
export async function cloneOrderSteps(
  deps: PrefillDeps,
  sessionId: string,
  order: Awaited<ReturnType<typeof findOrderToClone>>,
): Promise<NonNullable<WizardPrefill['clonedFrom']>> {
  const metadata = readPersonalisation(order.wizardMetadata);
  const toyPicture = await copyIntoSession(deps, sessionId, metadata.permanentPaths?.toyPhoto, 'jpg');
  const toySaved = await saveIfValid(deps.db, sessionId, 3, { toyName: metadata.toyName, toyPicture });
  if (toySaved) {
    const generatedToyImage = await copyIntoSession(
      deps,
      sessionId,
      metadata.permanentPaths?.generatedToy,
      'png',
    );
    await saveIfValid(deps.db, sessionId, 4, { approved: true, generatedToyImage });
  }
  // An empty dedication is not kept: the template with the new child's name shows instead.
  if (metadata.dedicationMessage) {
    await saveIfValid(deps.db, sessionId, 5, {
      dedicationMessage: metadata.dedicationMessage,
      dedicationSignature: metadata.dedicationSignature ?? '',
      // The bilingual edition's second language stays with the words it prints beside.
      ...(metadata.secondLanguage ? { secondLanguage: metadata.secondLanguage } : {}),
    });
  }
  return { orderNumber: order.orderNumber };
}

/** The book whose child's photo changes, checked to be the caller's and unpaid (else 404). */
export async function findBookToChange(db: Db, userId: string, bookInstanceId: string) {
  const book = await repo.findUnpaidBookOfUser(db, bookInstanceId, userId);
  if (!book) throw notFound('Book instance');
  return book;
}

/**
 * "Change the photo" from the book page: a new session that keeps everything of the book but the
 * child's photo — the child's name, gender and age to confirm with the new photo (the consent is
 * given again, as for a reorder), the toy with its approved cover, and the dedication. The book
 * itself stays as it is, readable and payable, until the new one is completed.
 */
export async function copyBookForNewPhoto(
  deps: PrefillDeps,
  sessionId: string,
  book: Awaited<ReturnType<typeof findBookToChange>>,
): Promise<{ child: NonNullable<WizardPrefill['child']>; changingPhotoOf: { bookInstanceId: string } }> {
  const metadata = readPersonalisation(book.wizardMetadata);
  const toyPicture = await copyIntoSession(deps, sessionId, metadata.permanentPaths?.toyPhoto, 'jpg');
  if (await saveIfValid(deps.db, sessionId, 3, { toyName: metadata.toyName, toyPicture })) {
    const generatedToyImage = await copyIntoSession(
      deps,
      sessionId,
      metadata.permanentPaths?.generatedToy,
      'png',
    );
    await saveIfValid(deps.db, sessionId, 4, { approved: true, generatedToyImage });
  }
  if (metadata.dedicationMessage) {
    await saveIfValid(deps.db, sessionId, 5, {
      dedicationMessage: metadata.dedicationMessage,
      dedicationSignature: metadata.dedicationSignature ?? '',
      // The bilingual edition's second language stays with the words it prints beside.
      ...(metadata.secondLanguage ? { secondLanguage: metadata.secondLanguage } : {}),
    });
  }
  return {
    child: {
      name: metadata.childName ?? '',
      ...(metadata.childGender ? { gender: metadata.childGender } : {}),
      ...(metadata.childAge ? { age: metadata.childAge } : {}),
    },
    changingPhotoOf: { bookInstanceId: book.id },
  };
}
