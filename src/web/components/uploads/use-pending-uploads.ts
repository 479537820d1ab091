import { useCallback, useEffect, useRef, useState } from 'react';
import { UPLOAD_MAX_BYTES, type UploadedImage } from '../../../shared/uploads';
import { uploadImage } from '../../lib/uploads';

/** A file on its way up, or one the server refused (kept so its error can be read). */
export interface PendingUpload {
  key: string;
  name: string;
  /** 0..1 */
  progress: number;
  error?: string;
  /** A local preview while the file goes up; revoked when the entry goes away. */
  previewUrl?: string;
}

export type UploadFn = typeof uploadImage;

const tooLarge = `larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`;

let nextKey = 0;

/**
 * Uploads files one request each, tracking progress and errors per file. `onUploaded` is called
 * in the order the uploads finish. Unmounting cancels whatever is still going up.
 */
export function usePendingUploads(onUploaded: (image: UploadedImage) => void, upload: UploadFn = uploadImage) {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  });

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const update = useCallback((key: string, change: Partial<PendingUpload>) => {
    setPending((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const dismiss = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    setPending((items) => {
      items.filter((item) => item.key === key).forEach((item) => revoke(item.previewUrl));
      return items.filter((item) => item.key !== key);
    });
  }, []);

  /** Starts one file's upload; answers its key. */
  const start = useCallback(
    (file: File): string => {
      const key = `upload-${++nextKey}`;
      const previewUrl = file.type.startsWith('image/') ? createPreview(file) : undefined;
      if (file.size > UPLOAD_MAX_BYTES) {
        setPending((items) => [...items, { key, name: file.name, progress: 0, error: `This file is ${tooLarge}.`, previewUrl }]);
        return key;
      }
      const controller = new AbortController();
      controllers.current.set(key, controller);
      setPending((items) => [...items, { key, name: file.name, progress: 0, previewUrl }]);
      upload(file, { signal: controller.signal, onProgress: (progress) => update(key, { progress }) })
        .then((image) => {
          controllers.current.delete(key);
          onUploadedRef.current(image);
          dismiss(key);
        })
        .catch((error: unknown) => {
          controllers.current.delete(key);
          if (controller.signal.aborted) return;
          update(key, { error: error instanceof Error ? error.message : 'The upload failed. Try again.' });
        });
      return key;
    },
    [dismiss, update, upload],
  );

  return { pending, start, dismiss };
}

function createPreview(file: File): string | undefined {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined;
}

function revoke(url: string | undefined) {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}
