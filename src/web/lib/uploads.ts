import type { ErrorCode } from '../../shared/errors';
import { UPLOAD_MAX_BYTES, uploadIdFromPath, uploadPath, type UploadedImage } from '../../shared/uploads';
import { ApiError, NetworkError } from './api';

export interface UploadImageOptions {
  /** Called with 0..1 as the bytes go up; 1 once the server has answered. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const tooLargeMessage = `That file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB. Choose a smaller image.`;

/**
 * POSTs an image to /api/uploads as the multipart field `file`. XMLHttpRequest rather than fetch
 * because only it reports upload progress. Rejects with `ApiError` (message: the server's), a
 * `NetworkError` when there was no answer, or an `AbortError` DOMException when `signal` aborts.
 */
export function uploadImage(file: Blob, options: UploadImageOptions = {}): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'image');
  return postWithProgress('/api/uploads', form, options, asUploadedImage, tooLargeMessage);
}

/**
 * POSTs a multipart form, reporting the bytes sent through `onProgress`, and reads the answer
 * with `accept` (null: an answer this page does not understand). Used by every upload with a bar.
 */
export function postWithProgress<T>(
  url: string,
  form: FormData,
  options: UploadImageOptions,
  accept: (body: unknown) => T | null,
  tooLarge: string,
): Promise<T> {
  const { onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const request = new XMLHttpRequest();
    const onAbort = () => request.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);

    request.open('POST', url);
    request.withCredentials = true;
    request.responseType = 'text';
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(event.loaded / event.total, 1));
    });
    request.addEventListener('load', () => {
      settle();
      const body = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        const answer = accept(body);
        if (answer) {
          onProgress?.(1);
          resolve(answer);
        } else {
          reject(new ApiError('internal', request.status, 'GameSource sent an upload answer this page does not understand.'));
        }
        return;
      }
      reject(errorFromBody(body, request.status, tooLarge));
    });
    request.addEventListener('error', () => {
      settle();
      reject(new NetworkError());
    });
    request.addEventListener('abort', () => {
      settle();
      reject(abortError(signal));
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    onProgress?.(0);
    request.send(form);
  });
}

function abortError(signal?: AbortSignal): unknown {
  return signal?.reason instanceof Error ? signal.reason : new DOMException('The upload was cancelled.', 'AbortError');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorFromBody(body: unknown, status: number, tooLarge: string): ApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    return new ApiError(error.code as ErrorCode, status, error.message);
  }
  // A proxy in front of the server may refuse a large body before we see it.
  if (status === 413) return new ApiError('invalid-argument', status, tooLarge);
  return new ApiError('internal', status, `The upload failed (HTTP ${status}). Try again.`);
}

/** A light check without Zod, so the form that uploads need not load it. */
function asUploadedImage(body: unknown): UploadedImage | null {
  const image = body as Partial<UploadedImage> | undefined;
  if (!image || typeof image.id !== 'string' || typeof image.path !== 'string') return null;
  if (typeof image.width !== 'number' || typeof image.height !== 'number') return null;
  if (uploadIdFromPath(image.path) !== image.id) return null;
  return {
    id: image.id,
    width: image.width,
    height: image.height,
    path: image.path,
    urls: {
      card: uploadPath(image.id, 'card'),
      page: uploadPath(image.id, 'page'),
      full: uploadPath(image.id, 'full'),
    },
  };
}
