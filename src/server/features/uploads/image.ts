import sharp from 'sharp';
import { uploadWidths, type UploadVariant } from '../../../shared/uploads';
import { invalidArgument } from '../../http/app-error';

/** Above this many pixels an image is refused before it is decoded (a decompression bomb). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** WebP cannot be taller or wider than this. */
const WEBP_MAX_SIDE = 16_383;
const WEBP_QUALITY = 82;

type AcceptedFormat = 'png' | 'jpeg' | 'webp' | 'gif';

export interface ProcessedImage {
  /** Of the original, after orientation. */
  width: number;
  height: number;
  variants: { variant: UploadVariant; data: Buffer }[];
}

export const imageErrors = {
  notAnImage: 'That file is not a PNG, JPEG, WebP or GIF image. Choose an image in one of those formats.',
  svg: 'SVG images are not accepted. Export the picture as PNG or WebP and upload that.',
  damaged: 'That image is damaged or incomplete, so it cannot be read. Save it again and upload the new file.',
  tooManyPixels: `That image has too many pixels (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels). Make it smaller and try again.`,
};

/**
 * Decodes an upload and re-encodes it as WebP at every upload width. What the file says it is
 * (name, declared type) is never consulted: the bytes are sniffed, then sharp must agree and be
 * able to decode every pixel. Animated images keep their first frame (docs/decisions). Metadata
 * (EXIF, GPS, XMP, ICC) is dropped: sharp writes none unless asked.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const sniffed = sniffFormat(input);
  if (!sniffed) throw invalidArgument(looksLikeSvg(input) ? imageErrors.svg : imageErrors.notAnImage);
  const options = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true } as const;
  const metadata = await sharp(input, options).metadata().catch(refusal);
  if (metadata.format !== sniffed) throw invalidArgument(imageErrors.notAnImage);
  // Without `pages`, sharp reads and describes the first frame only.
  const { width, height } = metadata.autoOrient;
  if (!width || !height) throw invalidArgument(imageErrors.damaged);
  if (width * height > MAX_INPUT_PIXELS) throw invalidArgument(imageErrors.tooManyPixels);

  const decoded = sharp(input, options);
  const variants: ProcessedImage['variants'] = [];
  for (const variant of Object.keys(uploadWidths) as UploadVariant[]) {
    const data = await decoded
      .clone()
      .resize({ width: uploadWidths[variant], height: WEBP_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer()
      .catch(refusal);
    variants.push({ variant, data });
  }
  return { width, height, variants };
}

function sniffFormat(bytes: Buffer): AcceptedFormat | null {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

function looksLikeSvg(bytes: Buffer): boolean {
  return /<svg[\s>]/i.test(bytes.subarray(0, 4096).toString('utf8'));
}

/** sharp's errors, as the user should read them. */
function refusal(error: unknown): never {
  const overLimit = error instanceof Error && /pixel limit/i.test(error.message);
  throw invalidArgument(overLimit ? imageErrors.tooManyPixels : imageErrors.damaged);
}
