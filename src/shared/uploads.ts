// Uploaded images: the contract between POST /api/uploads, the files we serve and the screens.
// An upload is re-encoded to WebP at each width below; a game or profile refers to an upload by
// the path of its page-sized file, `/uploads/<id>-1280.webp`, and screens derive the others.

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const uploadAcceptedTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** Widths (px) an upload is stored at: card thumbnails, the game page, full screen. Never upscaled. */
export const uploadWidths = { card: 480, page: 1280, full: 2400 } as const;
export type UploadVariant = keyof typeof uploadWidths;

export interface UploadedImage {
  id: string;
  /** Of the original image, after orientation. */
  width: number;
  height: number;
  /** The path to store on a game, screenshot or avatar. */
  path: string;
  urls: Record<UploadVariant, string>;
}

const uploadPathPattern = /^\/uploads\/([A-Za-z0-9_-]{10,64})-(\d+)\.webp$/;

export function uploadPath(id: string, variant: UploadVariant = 'page'): string {
  return `/uploads/${id}-${uploadWidths[variant]}.webp`;
}

/** The upload id inside a stored path, or null when the path is not one of our uploads. */
export function uploadIdFromPath(path: string): string | null {
  return uploadPathPattern.exec(path)?.[1] ?? null;
}

/** A srcset for an image path: every width for an upload, the path alone for anything else. */
export function imageSrcSet(path: string): string {
  const id = uploadIdFromPath(path);
  if (!id) return path;
  return (Object.keys(uploadWidths) as UploadVariant[]).map((variant) => `${uploadPath(id, variant)} ${uploadWidths[variant]}w`).join(', ');
}
