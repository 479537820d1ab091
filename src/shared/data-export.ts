import { z } from 'zod';

export const DATA_EXPORT_FORMAT = 'gamesource-member-data/1';

const rows = z.array(z.record(z.string(), z.unknown()));

/**
 * `GET /api/me/export`: everything GameSource keeps about the signed-in member, as one JSON file.
 * Documents (lists, private documents) are in the document store's tagged encoding.
 */
export const dataExportSchema = z.object({
  format: z.literal(DATA_EXPORT_FORMAT),
  exportedAt: z.string(),
  profile: z.record(z.string(), z.unknown()),
  reviews: rows,
  replies: rows,
  /** Update posts about the member's games (issue 37, part 4). */
  updates: rows,
  lists: rows,
  documents: rows,
  favourites: rows,
  follows: z.object({ makers: rows, games: rows }),
  submissions: rows,
  notifications: rows,
  reportsFiled: rows,
  /** The games you said "It doesn't work for me" of, and when you last said it. */
  saidNotWorking: rows,
  decisionsAboutYou: rows,
  sessions: rows,
});
export type DataExport = z.infer<typeof dataExportSchema>;
