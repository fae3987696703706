import { LIMITS } from '../../../../shared/constants';

export type PhotoFileProblem = 'notImage' | 'tooLarge';

/** What is wrong with a chosen file before anything is cropped or sent (docs/spec.md section 5, Photos). */
export function checkPhotoFile(file: Pick<File, 'type' | 'size'>): PhotoFileProblem | undefined {
  if (!file.type.startsWith('image/')) return 'notImage';
  // A large photo is shrunk by the crop before it is sent (crop-image.ts); only a huge file is refused.
  if (file.size > LIMITS.photoChosenMaxBytes) return 'tooLarge';
  return undefined;
}
