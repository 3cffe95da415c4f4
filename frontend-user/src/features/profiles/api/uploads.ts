import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

export type UploadAnswer = { success: boolean; secure_url: string };
export type UploadImageInput = { image: Blob; fileName: string };

/**
 * POST /api/uploads/image (multipart `file`): answers `secure_url`, which becomes the
 * profilePicUrl or a post's postLink. 415 when it is not an image, 413 when too large.
 */
export const uploadImage = ({ image, fileName }: UploadImageInput) => {
  const form = new FormData();
  form.append('file', image, fileName);
  return apiRequest<UploadAnswer>('/uploads/image', { method: 'POST', body: form, auth: true });
};

/**
 * An image upload. Nothing cached changes: the address only counts once the profile that names
 * it is saved (and that save updates the cache).
 */
export function useUploadImage({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof uploadImage> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: uploadImage });
}
