/** A game id from the address: a positive whole number, or null when missing or malformed. */
export function parseGameId(raw: string | null): number | null {
  if (!raw || !/^[1-9]\d*$/.test(raw.trim())) return null;
  const id = Number(raw.trim());
  return Number.isSafeInteger(id) ? id : null;
}
