import { z } from 'zod';
import { MAX_COMPANIONS } from '../../../shared/domain/cast';
import { ChildLookSchema } from '../../../shared/domain/child-look';
import { ToyLookSchema } from '../../../shared/domain/toy-look';
import { SceneSchema } from '../../stories/scene';
import type { CoverResult, PageRequest } from './index';

/** The page sizes an illustrator draws: a 300 ppi print page is about 2,600 px. */
const MIN_PAGE_SIZE = 64;
const MAX_PAGE_SIZE = 4096;

const MESSAGES = {
  noCover: 'The approved covers are needed to draw the pages.',
  style: 'The page style must be "color" or "line".',
  scene: 'The page needs a scene.',
  badScene: 'The page scene is not one the illustrator knows.',
  look: "The child's look is not valid.",
  toyLook: "The toy's look is not valid.",
  companions: 'The children beside the lead must be at most two, each with a valid look.',
  picture: 'The toy photo and the first page must be pictures.',
  page: 'The page number must be a whole number from 1.',
  size: `The page size must be a whole number of pixels from ${MIN_PAGE_SIZE} to ${MAX_PAGE_SIZE}.`,
} as const;

/** The companions a page draws (issue 35): at most two, each look and toy as the wizard keeps them. */
const CompanionsDrawnSchema = z
  .array(
    z.object({
      look: ChildLookSchema,
      toy: ToyLookSchema.optional(),
      age: z.number().int().min(0).max(18).optional(),
      name: z.string().max(40).optional(),
    }),
  )
  .max(MAX_COMPANIONS);

const invalid = (
  code: 'VALIDATION_MISSING_PARAM' | 'VALIDATION_INVALID_PARAM',
  message: string,
): CoverResult => ({
  ok: false,
  code,
  message,
});

/**
 * The classified error of a page request that no illustrator can draw, or null when it is well formed.
 * Whether the covers decode is left to the adapter (the local one decodes them anyway).
 */
export function checkPageRequest(request: PageRequest): CoverResult | null {
  const covers = [request?.heroCover, request?.toyCover];
  if (covers.some((cover) => !Buffer.isBuffer(cover) || cover.length === 0))
    return invalid('VALIDATION_MISSING_PARAM', MESSAGES.noCover);
  if (request.style !== 'color' && request.style !== 'line')
    return invalid('VALIDATION_INVALID_PARAM', MESSAGES.style);
  if (!request.scene || typeof request.scene.prompt !== 'string')
    return invalid('VALIDATION_MISSING_PARAM', MESSAGES.scene);
  // An empty prompt is allowed: the hosted models then draw from the setting and the hour.
  if (!SceneSchema.safeParse({ ...request.scene, prompt: request.scene.prompt.trim() || '-' }).success)
    return invalid('VALIDATION_INVALID_PARAM', MESSAGES.badScene);
  if (request.child?.look !== undefined && !ChildLookSchema.safeParse(request.child.look).success)
    return invalid('VALIDATION_INVALID_PARAM', MESSAGES.look);
  if (request.toy?.look !== undefined && !ToyLookSchema.safeParse(request.toy.look).success)
    return invalid('VALIDATION_INVALID_PARAM', MESSAGES.toyLook);
  if (request.companions !== undefined && !CompanionsDrawnSchema.safeParse(request.companions).success)
    return invalid('VALIDATION_INVALID_PARAM', MESSAGES.companions);
  for (const picture of [request.toyPhoto, request.firstPage]) {
    if (picture !== undefined && (!Buffer.isBuffer(picture) || picture.length === 0))
      return invalid('VALIDATION_INVALID_PARAM', MESSAGES.picture);
  }
  if (!Number.isSafeInteger(request.pageNumber) || request.pageNumber < 1)
    return invalid('VALIDATION_INVALID_PARAM', MESSAGES.page);
  if (!Number.isInteger(request.size) || request.size < MIN_PAGE_SIZE || request.size > MAX_PAGE_SIZE)
    return invalid('VALIDATION_INVALID_PARAM', MESSAGES.size);
  return null;
}
