import { apiUpload, ApiError, type ApiUpload } from '../../lib/api-client.ts';
import type { MediaItem } from './api.ts';

export type UploadHandle = ApiUpload<MediaItem>;

/** A failed or cancelled upload (`cancelled`): the API client's own error. */
export { ApiError as UploadError };

/**
 * Sends one file as the raw request body (the server reads its real type from the bytes), reporting
 * progress, through the API client's upload.
 */
export function uploadFile(
  file: File,
  onProgress: (fraction: number) => void,
  url = '/api/media',
): UploadHandle {
  return apiUpload<MediaItem>(url, file, {
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name) },
    onProgress,
  });
}
