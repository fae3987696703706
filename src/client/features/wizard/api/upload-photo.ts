import { useMutation } from '@tanstack/react-query';
import type { UploadedPhoto } from '../../../../shared/contracts/wizard';
import { apiRequest } from '../../../lib/api-client';

export type PhotoKind = 'child' | 'toy';

/** Uploads the cropped square photo once; step data then refers to it by its id. */
export function uploadPhoto({ kind, photo }: { kind: PhotoKind; photo: Blob }): Promise<UploadedPhoto> {
  const form = new FormData();
  form.append('photo', photo, `${kind}.jpg`);
  return apiRequest<UploadedPhoto>(`/api/wizard/photos?kind=${kind}`, { method: 'POST', form });
}

export function useUploadPhoto() {
  return useMutation({ mutationFn: uploadPhoto });
}
