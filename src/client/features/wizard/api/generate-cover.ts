import type { z } from 'zod';
import type { GeneratedCoverSchema } from '../../../../shared/contracts/wizard';
import type { ChildLook, LookPart } from '../../../../shared/domain/child-look';
import type { Language } from '../../../../shared/i18n';
import { apiRequest } from '../../../lib/api-client';

export type CoverKind = 'hero' | 'toy';
export type GeneratedCover = z.infer<typeof GeneratedCoverSchema>;

/**
 * Illustrates a cover from the photo and name saved in step 1 (hero) or step 3 (toy): save the step
 * first. It can take up to a minute; hooks/use-cover-generation.ts runs it with its toasts. With a
 * `look` (hero only), the drawn child is redrawn as the parent adjusted it in step 2.
 */
export function generateCover({
  kind,
  language,
  look,
  unread,
}: {
  kind: CoverKind;
  language: Language;
  look?: ChildLook | undefined;
  /** With a look: the parts the photo did not settle that the parent has not chosen yet. */
  unread?: readonly LookPart[] | undefined;
}) {
  return apiRequest<GeneratedCover>('/api/wizard/covers', {
    method: 'POST',
    json: { kind, language, ...(look ? { look } : {}), ...(look && unread ? { unread } : {}) },
  });
}
