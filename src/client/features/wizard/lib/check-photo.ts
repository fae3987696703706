import { LIMITS } from '../../../../shared/constants';

export type PhotoFileProblem = 'notImage' | 'tooLarge';

/** What is wrong with a chosen file before anything is cropped or sent (docs/spec.md section 5, Photos). */
export function checkPhotoFile(file: Pick<File, 'type' | 'size' | 'name'>): PhotoFileProblem | undefined {
  if (!file.type.startsWith('image/') && !isHeicFile(file)) return 'notImage';
  // A large photo is shrunk by the crop before it is sent (crop-image.ts); only a huge file is refused.
  if (file.size > LIMITS.photoChosenMaxBytes) return 'tooLarge';
  return undefined;
}

/**
 * An iPhone's HEIC/HEIF photo, by its type or, where the system gives none (Windows), its name. A
 * browser that cannot show it sends it whole, and the server turns it into a JPEG to crop (issue 36).
 */
export function isHeicFile(file: Pick<File, 'type' | 'name'>): boolean {
  return /^image\/hei[cf](-sequence)?$/i.test(file.type) || /\.hei[cf]$/i.test(file.name);
}
