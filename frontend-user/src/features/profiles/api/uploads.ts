import { apiRequest } from '../../../lib/api-client';

export type UploadAnswer = { success: boolean; secure_url: string };

/**
 * POST /api/uploads/image (multipart `file`): answers `secure_url`, which becomes the
 * profilePicUrl or a post's postLink. 415 when it is not an image, 413 when too large.
 */
export const uploadImage = (image: Blob, fileName: string) => {
  const form = new FormData();
  form.append('file', image, fileName);
  return apiRequest<UploadAnswer>('/uploads/image', { method: 'POST', body: form, auth: true });
};
