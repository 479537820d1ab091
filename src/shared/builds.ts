// Hosted web builds: the contract between the maker's upload, the build checker and the game page.

export interface BuildLimits {
  /** The zip as sent: refused as it arrives once it passes this. */
  uploadBytes: number;
  /** Every file inflated, counted as it is inflated. */
  totalBytes: number;
  fileBytes: number;
  files: number;
}

export const buildStatuses = ['pending', 'approved', 'rejected'] as const;

/** The shapes a game's screen may take in the page (width:height); a phone held upright gets most of its height whatever the shape. */
export const buildAspectRatios = ['16:9', '4:3', '3:2', '1:1', '3:4', '9:16'] as const;
export type BuildAspectRatio = (typeof buildAspectRatios)[number];
export const DEFAULT_ASPECT_RATIO: BuildAspectRatio = '16:9';

/** What a maker says of a build when uploading it: how it is shown and served (decision 0073). */
export interface BuildOptions {
  aspectRatio: BuildAspectRatio;
  /**
   * The game needs cross-origin isolation (threads, SharedArrayBuffer): its files are served
   * with COOP and COEP, and it plays in a tab of its own, where a browser can isolate it.
   */
  crossOriginIsolated: boolean;
}
export type BuildStatus = (typeof buildStatuses)[number];

export interface GameBuild {
  version: number;
  status: BuildStatus;
  sizeBytes: number;
  fileCount: number;
  /** The page that starts the game, relative to the build's root: `index.html`. */
  entryPath: string;
  createdAt: string;
  /** Where it plays: on the games origin, never the site's. */
  playUrl: string;
  /** Whether this is the version the game's page plays. */
  playing: boolean;
  /** The moderator's note on approval or rejection ('' when none or not yet reviewed). */
  reviewNote: string;
  aspectRatio: BuildAspectRatio;
  crossOriginIsolated: boolean;
}

/** A build waiting in the moderators' queue: the version, its game and its maker. */
export interface PendingBuild extends GameBuild {
  game: { id: number; title: string };
  maker: { id: string | null; name: string };
}
