import type { ToyColours } from '../../../../shared/contracts/wizard';
import type { ToyLook } from '../../../../shared/domain/toy-look';
import { apiRequest } from '../../../lib/api-client';

/**
 * The toy's colours read off its uploaded photo (step 3); `colours` is absent when the photo cannot
 * tell (busy, dark, several things): the parent chooses then (docs/decisions/021-the-toy-drawn.md).
 */
export function readToyColours(photoId: string) {
  return apiRequest<ToyColours>('/api/wizard/toy-colours', { method: 'POST', json: { photoId } });
}

/** Where the browser loads the toy drawn from a look (the server draws it as the book will). */
export const toyPreviewUrl = (look: ToyLook) =>
  `/api/wizard/toy-preview?${new URLSearchParams({
    kind: look.kind,
    main: look.main,
    second: look.second,
    feature: look.feature,
  }).toString()}`;
