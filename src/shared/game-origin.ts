/**
 * Where hosted web builds play (decision 0065). `GAMES_ORIGIN` may hold `*` as its first label:
 * then each game gets a host name of its own, `g<id>.`, so one game's storage is its own.
 */
export function gameOriginOf(gamesOrigin: string, gameId: number): string {
  return gamesOrigin.replace('://*.', `://g${gameId}.`);
}

/** A listed (approved) build's lasting address: `<origin>/<game>/<version>/<file>`. */
export function listedBuildUrl(gamesOrigin: string, gameId: number, version: number, file = 'index.html'): string {
  return `${gameOriginOf(gamesOrigin, gameId)}/${gameId}/${version}/${file}`;
}
