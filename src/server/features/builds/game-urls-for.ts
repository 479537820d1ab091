import { resolveAuthSecret } from '../../auth/secret';
import type { Config } from '../../config';
import { createGameUrls, type GameUrls } from './game-urls';

/** Preview addresses are signed with the site's secret, so every instance signs and checks them alike. */
export function gameUrlsFor(config: Config): GameUrls {
  return createGameUrls(config.games.origin, resolveAuthSecret(config));
}
