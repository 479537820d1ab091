/**
 * The files a web build may hold, by extension, with the type each is served as. Anything else
 * is refused: a build is a web page with its scripts, WebAssembly, media and data, nothing more.
 */
const contentTypes: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  map: 'application/json',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xml: 'application/xml',
  wasm: 'application/wasm',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/opus',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  flac: 'audio/flac',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  ttf: 'font/ttf',
  otf: 'font/otf',
  woff: 'font/woff',
  woff2: 'font/woff2',
  glb: 'model/gltf-binary',
  gltf: 'model/gltf+json',
  // Engine data: Unity's .data/.unityweb/.symbols.json, Godot's .pck, plain binary blobs.
  data: 'application/octet-stream',
  unityweb: 'application/octet-stream',
  pck: 'application/octet-stream',
  bin: 'application/octet-stream',
};

/** Precompressed files as Unity and Godot write them: `Build.wasm.br` is WebAssembly sent Brotli-encoded. */
const encodings: Record<string, string> = { gz: 'gzip', br: 'br' };

export interface ServedType {
  contentType: string;
  /** Content-Encoding for a precompressed file: the browser unpacks it, the game sees the inner file. */
  encoding?: string;
}

function extensionOf(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** How a file of a build is served, or null when a build may not hold it. */
export function servedTypeOf(name: string): ServedType | null {
  const extension = extensionOf(name);
  const encoding = encodings[extension];
  if (encoding) {
    const inner = contentTypes[extensionOf(name.slice(0, -(extension.length + 1)))];
    return inner ? { contentType: inner, encoding } : null;
  }
  const contentType = contentTypes[extension];
  return contentType ? { contentType } : null;
}

export const allowedExtensions = Object.keys(contentTypes);
