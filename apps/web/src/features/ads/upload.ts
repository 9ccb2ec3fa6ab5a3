import { apiUpload, ApiError, type ApiUpload } from '../../lib/api-client.ts';
import { uploadTo } from '../../lib/endpoint-call.ts';
import type { MediaItem } from './api.ts';
import { mediaEndpoints } from '../../lib/endpoints/media.ts';

export type UploadHandle = ApiUpload<MediaItem>;

/** A failed or cancelled upload (`cancelled`): the API client's own error. */
export { ApiError as UploadError };

/**
 * Sends one file as the raw request body (the server reads its real type from the bytes), reporting
 * progress, through the API client's upload: to the media library, or to `url` when given.
 */
export function uploadFile(file: File, onProgress: (fraction: number) => void, url?: string): UploadHandle {
  const headers = {
    'content-type': 'application/octet-stream',
    'x-file-name': encodeURIComponent(file.name),
  };
  return url
    ? apiUpload<MediaItem>(url, file, { headers, onProgress })
    : uploadTo(mediaEndpoints.upload, file, { headers, onProgress });
}
