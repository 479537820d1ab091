import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntryInput {
  name: string | Buffer;
  data?: Buffer | string;
  deflate?: boolean;
  /** Already deflated bytes to store as the entry's data (a zip bomb made without holding what it inflates to). */
  rawDeflated?: Buffer;
  /** The size the headers state, when a test wants them to lie. */
  statedSize?: number;
  /** Unix mode in the external attributes: 0o120777 makes a symbolic link. */
  unixMode?: number;
  /** Set the general-purpose flag that says the name is UTF-8. */
  utf8Flag?: boolean;
}

/**
 * A zip as bytes, written by hand so tests can craft what zip tools refuse to make: names that
 * leave the folder, links, headers that lie about sizes.
 */
export function makeZip(entries: ZipEntryInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const input of entries) {
    const name = typeof input.name === 'string' ? Buffer.from(input.name, 'utf8') : input.name;
    const data = typeof input.data === 'string' ? Buffer.from(input.data) : (input.data ?? Buffer.alloc(0));
    const body = input.rawDeflated ?? (input.deflate ? deflateRawSync(data) : data);
    const method = input.deflate || input.rawDeflated ? 8 : 0;
    const size = input.statedSize ?? data.length;
    const flags = input.utf8Flag ? 0x800 : 0;
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((input.unixMode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A small build that plays: an index.html and a script. */
export function sampleBuildEntries(prefix = ''): ZipEntryInput[] {
  return [
    {
      name: `${prefix}index.html`,
      data: '<!doctype html><title>Test build</title><script src="game.js"></script><p id="score">0</p>',
      deflate: true,
    },
    {
      name: `${prefix}game.js`,
      data: 'document.addEventListener("click", () => { const s = document.getElementById("score"); s.textContent = String(Number(s.textContent) + 1); });',
      deflate: true,
    },
  ];
}
