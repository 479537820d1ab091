/** Where an image sits inside a square frame: zoom 1 just covers the frame; offsets are in frame pixels. */
export interface CropView {
  zoom: number;
  x: number;
  y: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

interface Size {
  width: number;
  height: number;
}

/** The scale and top-left corner that draw the image for this view in a frame of `frame` pixels. */
export function placement(image: Size, frame: number, view: CropView) {
  const scale = Math.max(frame / image.width, frame / image.height) * view.zoom;
  const width = image.width * scale;
  const height = image.height * scale;
  return { scale, left: (frame - width) / 2 + view.x, top: (frame - height) / 2 + view.y, width, height };
}

/** Keeps the frame covered: the image may not be dragged so far that an edge shows. */
export function clampView(image: Size, frame: number, view: CropView): CropView {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.zoom));
  const { width, height } = placement(image, frame, { zoom, x: 0, y: 0 });
  const maxX = (width - frame) / 2;
  const maxY = (height - frame) / 2;
  return { zoom, x: Math.min(maxX, Math.max(-maxX, view.x)), y: Math.min(maxY, Math.max(-maxY, view.y)) };
}

export function drawCrop(context: CanvasRenderingContext2D, image: CanvasImageSource & Size, frame: number, view: CropView) {
  const { left, top, width, height } = placement(image, frame, view);
  context.clearRect(0, 0, frame, frame);
  context.drawImage(image, left, top, width, height);
}

/** The square the user framed, at `size` pixels, as a PNG ready to upload. */
export async function cropToBlob(image: CanvasImageSource & Size, previewFrame: number, view: CropView, size: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot crop images.');
  const ratio = size / previewFrame;
  drawCrop(context, image, size, { zoom: view.zoom, x: view.x * ratio, y: view.y * ratio });
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be cropped.'))), 'image/png');
  });
}
