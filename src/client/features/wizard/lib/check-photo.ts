import { LIMITS } from '../../../../shared/constants';

export type PhotoFileProblem = 'notImage' | 'tooLarge';

/** What is wrong with a chosen file before anything is cropped or sent (docs/spec.md section 5, Photos). */
export function checkPhotoFile(file: Pick<File, 'type' | 'size'>): PhotoFileProblem | undefined {
  if (!file.type.startsWith('image/')) return 'notImage';
  if (file.size > LIMITS.photoMaxBytes) return 'tooLarge';
  return undefined;
}
