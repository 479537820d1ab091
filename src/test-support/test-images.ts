import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Images built in the test, never checked-in files: each one shows exactly what it is for. */
const solid = (width: number, height: number, background = '#3366cc') => sharp({ create: { width, height, channels: 3, background } });

export const makePng = (width = 3000, height = 1500) => solid(width, height).png().toBuffer();
export const makeWebp = (width = 600, height = 400) => solid(width, height, '#22aa55').webp().toBuffer();

/** A JPEG that says it is rotated a quarter turn, with a GPS position and a marker in its EXIF. */
export const EXIF_MARKER = 'EXIF-MARKER-must-not-survive';
export const makeJpegWithGps = () =>
  solid(1000, 800, '#cc8833')
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Copyright: EXIF_MARKER },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();

/** Two frames, 300x200 each. */
export async function makeAnimatedGif(): Promise<Buffer> {
  const frames = await Promise.all(['#ff0000', '#0000ff'].map((colour) => solid(300, 200, colour).png().toBuffer()));
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: [100, 100] })
    .toBuffer();
}

export const svg = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>',
);

export const textFile = Buffer.from('This is a plain text file wearing a .png name.\n');

/** The first half of a PNG whose pixels do not compress away, so the cut lands in the pixel data. */
export async function makeTruncatedPng(): Promise<Buffer> {
  const noise = Buffer.alloc(400 * 300 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const png = await sharp(noise, { raw: { width: 400, height: 300, channels: 3 } })
    .png()
    .toBuffer();
  return png.subarray(0, Math.floor(png.length / 2));
}

/** A complete, valid 20000x20000 black PNG (400 megapixels) that compresses to a few hundred KB. */
export function makeDecompressionBomb(side = 20_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(1, 8); // bit depth 1
  header.writeUInt8(0, 9); // greyscale
  // Every row: filter byte 0 and side/8 zero bytes.
  const pixels = deflateSync(Buffer.alloc((side / 8 + 1) * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body with one file part. */
export function multipartBody(
  file: Buffer,
  { field = 'file', name = 'image.png', type = 'image/png', fields = {} as Record<string, string> } = {},
) {
  const boundary = `----gamesource-test-${Math.random().toString(36).slice(2)}`;
  const plain = Object.entries(fields).map(
    ([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${plain.join('')}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}
