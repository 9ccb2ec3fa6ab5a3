import { httpMessages } from '@urbana/shared';
import type { MediaItem } from './api.ts';

export interface UploadHandle {
  promise: Promise<MediaItem>;
  cancel(): void;
}

export class UploadError extends Error {
  constructor(
    message: string,
    readonly cancelled = false,
  ) {
    super(message);
  }
}

/**
 * Sends one file as the raw request body (the server reads its real type from the bytes), reporting
 * progress; XMLHttpRequest because fetch cannot report upload progress.
 */
export function uploadFile(
  file: File,
  onProgress: (fraction: number) => void,
  url = '/api/media',
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<MediaItem>((resolve, reject) => {
    xhr.open('POST', url);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.setRequestHeader('x-file-name', encodeURIComponent(file.name));
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { message?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as MediaItem);
      } else {
        reject(new UploadError(body?.message ?? httpMessages.internal));
      }
    };
    xhr.onerror = () =>
      reject(new UploadError('Sem conexão com o servidor. Verifique sua internet e tente novamente.'));
    xhr.onabort = () => reject(new UploadError('Envio cancelado.', true));
    xhr.send(file);
  });
  return { promise, cancel: () => xhr.abort() };
}
