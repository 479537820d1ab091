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
}

/** A build waiting in the moderators' queue: the version, its game and its maker. */
export interface PendingBuild extends GameBuild {
  game: { id: number; title: string };
  maker: { id: string | null; name: string };
}
