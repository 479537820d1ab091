// Base64 without atob/btoa or Buffer, so the browser and the server decode exactly alike.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const CANONICAL = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function encodeBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i]!, bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    out += b === undefined ? '==' : ALPHABET[(n >> 6) & 63]! + (c === undefined ? '=' : ALPHABET[n & 63]!);
  }
  return out;
}

/** The bytes of a canonical Base64 string (padded, no whitespace, unused bits zero), or null. */
export function decodeBase64(text: string): Uint8Array | null {
  if (!CANONICAL.test(text)) return null;
  const body = text.replace(/=+$/, '');
  const bytes = new Uint8Array(Math.floor((body.length * 6) / 8));
  let bits = 0;
  let value = 0;
  let index = 0;
  for (const char of body) {
    value = (value << 6) | ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[index++] = (value >> bits) & 255;
    }
  }
  if ((value & ((1 << bits) - 1)) !== 0) return null;
  return bytes;
}
