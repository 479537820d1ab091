import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { gameBuildListSchema, gameBuildSchema, pendingBuildPageSchema } from '../../shared/build-schemas';
import type { BuildOptions, GameBuild } from '../../shared/builds';
import { apiGet, apiPost } from './api';
import { memberRoot, moderationRoot } from './query-roots';
import { postWithProgress, type UploadImageOptions } from './uploads';

// Web builds for their maker (/my-games) and the moderators' review (/moderation?view=builds).
// Only those lazily loaded screens import this module (and Zod with it).

/** On the member's and the staff's roots: the maker's list refreshes with their live topic, the queue with every decision. */
export const buildKeys = {
  ofGame: (gameId: number) => [...memberRoot, 'builds', gameId] as const,
  queue: [...moderationRoot, 'builds'] as const,
};

export function gameBuildsQuery(gameId: number) {
  return queryOptions({
    queryKey: buildKeys.ofGame(gameId),
    queryFn: ({ signal }) => apiGet(`/api/games/${gameId}/builds`, gameBuildListSchema, signal).then((r) => r.builds),
  });
}

export function pendingBuildsQuery(page = 1) {
  return queryOptions({
    queryKey: [...buildKeys.queue, page] as const,
    queryFn: ({ signal }) => apiGet(`/api/moderation/builds?page=${page}&pageSize=20`, pendingBuildPageSchema, signal),
    refetchInterval: 30_000,
  });
}

/** How a version shows, for its maker and moderators: `4:3 screen · plays in a tab of its own`. */
export const buildShapeText = (build: BuildOptions) =>
  `${build.aspectRatio} screen${build.crossOriginIsolated ? ' · plays in a tab of its own (cross-origin isolated)' : ''}`;

// A zip or a folder packed into one: either way it is the build that is too large.
const tooLarge = 'That build is larger than the most a build upload may be. Make it smaller.';

/** Sends a zip as the game's next build version, with upload progress; the options go first, as the server reads them before the zip. */
export function uploadGameBuild(gameId: number, zip: File, build: BuildOptions, options: UploadImageOptions = {}): Promise<GameBuild> {
  const form = new FormData();
  form.append('aspectRatio', build.aspectRatio);
  form.append('crossOriginIsolated', String(build.crossOriginIsolated));
  form.append('build', zip, zip.name);
  return postWithProgress(`/api/games/${gameId}/builds`, form, options, (body) => gameBuildSchema.safeParse(body).data ?? null, tooLarge);
}

export const playGameBuild = (gameId: number, version: number) =>
  apiPost(`/api/games/${gameId}/builds/${version}/play`, undefined, gameBuildSchema);

export type BuildDecision = 'approve' | 'reject';

export function useBuildDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ gameId, version, decision, note }: { gameId: number; version: number; decision: BuildDecision; note: string }) =>
      apiPost(`/api/moderation/games/${gameId}/builds/${version}/${decision}`, { note }, gameBuildSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: moderationRoot }),
  });
}
