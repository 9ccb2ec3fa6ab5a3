import { httpMessages } from '@urbana/shared';
import { sessionEndOf, sessionEnds } from './auth-events.ts';

/** An API answer other than 2xx, carrying the server's Portuguese `{ message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** An upload the person cancelled (status 0): not a failure to report. */
    readonly cancelled = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiInit {
  method?: string;
  /** A value sent as JSON, or a file (`Blob`) sent as it is, typed by its own `type`. */
  body?: unknown;
  /** Extra request headers (e.g. `idempotency-key`); they win over the ones set here. */
  headers?: Record<string, string>;
  /** Aborts the call (e.g. `AbortSignal.timeout(ms)`); an aborted call fails as "no connection". */
  signal?: AbortSignal;
}

/** A file the API answered with: its bytes and the name from `Content-Disposition`, when given. */
export interface ApiFile {
  blob: Blob;
  fileName: string | null;
}

type Fetch = (path: string, init: RequestInit) => Promise<Response>;
/** On the server (apps/web/src/entry-server.tsx) the API is asked in the same process. */
let serverFetch: Fetch | undefined;
export function setServerFetch(fetcher: Fetch): void {
  serverFetch = fetcher;
}

const offline = 'Sem conexão com o servidor. Verifique sua internet e tente novamente.';

/** The one way the web app calls its API: same-origin cookies, JSON or file bodies, `{ message }` errors. */
async function request(path: string, init: ApiInit): Promise<Response> {
  const file = init.body instanceof Blob ? init.body : null;
  const headers: Record<string, string> = {};
  if (file) headers['content-type'] = file.type || 'application/octet-stream';
  else if (init.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await (serverFetch ?? fetch)(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: { ...headers, ...init.headers },
      body: file ?? (init.body !== undefined ? JSON.stringify(init.body) : null),
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch {
    throw new ApiError(0, offline);
  }
  if (!response.ok) throw failure(path, response.status, await response.json().catch(() => null));
  return response;
}

/** A non-2xx answer: the session's end told to the app when it is one, and the server's message. */
function failure(path: string, status: number, data: unknown): ApiError {
  const end = sessionEndOf(path, status);
  if (end) sessionEnds.emit(end);
  const message =
    data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
      ? data.message
      : httpMessages.internal;
  return new ApiError(status, message);
}

export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  const response = await request(path, init);
  if (response.status === 204) return undefined as T;
  return (await response.json().catch(() => null)) as T;
}

/** Calls the API for a file (a PDF, a CSV): the blob and the file name the server gave it. */
export async function apiFile(path: string, init: ApiInit = {}): Promise<ApiFile> {
  const response = await request(path, init);
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    throw new ApiError(0, offline);
  }
  return { blob, fileName: fileNameOf(response.headers.get('content-disposition')) };
}

export interface ApiUpload<T> {
  promise: Promise<T>;
  /** Stops the upload; the promise fails with an `ApiError` whose `cancelled` is true. */
  cancel(): void;
}

/**
 * Sends a file as the raw request body and reports its progress (0 to 1), which fetch cannot do: the
 * one place the app uses XMLHttpRequest, with the same cookies, answers and errors as `api`.
 */
export function apiUpload<T>(
  path: string,
  file: Blob,
  { headers = {}, onProgress }: { headers?: Record<string, string>; onProgress: (fraction: number) => void },
): ApiUpload<T> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    xhr.open('POST', path);
    const all = { 'content-type': file.type || 'application/octet-stream', ...headers };
    for (const [name, value] of Object.entries(all)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(failure(path, xhr.status, xhr.response));
      onProgress(1);
      resolve(xhr.response as T);
    };
    xhr.onerror = () => reject(new ApiError(0, offline));
    xhr.onabort = () => reject(new ApiError(0, 'Envio cancelado.', true));
    xhr.send(file);
  });
  return { promise, cancel: () => xhr.abort() };
}

/** `attachment; filename*=UTF-8''fatura%201.pdf` or `filename="fatura-1.pdf"` → the file name. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed encoding falls back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

/** Hands a downloaded file to the browser under its server name (or `fallbackName`). */
export function saveFile(file: ApiFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName ?? fallbackName;
  a.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The message to show for a failed call: the server's own for 4xx and network errors, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500) return error.message;
  return fallback;
}
