// What other rooms may use of hosted web builds.
export { buildGamesServer } from './games-server';
export { gameUrlsFor } from './game-urls-for';
export type { GameUrls } from './game-urls';
export { sampleBuildSlugs, seedSampleBuilds } from './sample-builds';
export { listedBuild, playsInBrowserIfHosted } from './service';
