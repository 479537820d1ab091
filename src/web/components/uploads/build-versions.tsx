import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { GameBuild } from '../../../shared/builds';
import { buildKeys, buildShapeText, gameBuildsQuery, playGameBuild } from '../../lib/builds';
import { formatSize, pluralise } from '../../lib/format';
import { FormAlert, FormStatus } from '../forms/form-messages';
import { buttonStyles, textLinkStyle } from '../styles';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

const statusLabel = (build: GameBuild) =>
  build.playing ? 'Playing now' : build.status === 'pending' ? 'Waiting for review' : build.status === 'approved' ? 'Approved' : 'Rejected';
const statusTone = (build: GameBuild) =>
  build.playing
    ? 'bg-raised text-success-ink'
    : build.status === 'pending'
      ? 'bg-accent-soft text-accent-ink'
      : build.status === 'rejected'
        ? 'bg-danger-soft text-danger-ink'
        : 'bg-raised text-ink';

/** A game's build versions, newest first: their review, a preview of a pending one, and the choice of which approved one plays. */
export function BuildVersions({ gameId, title }: { gameId: number; title: string }) {
  const { data, error } = useQuery(gameBuildsQuery(gameId));
  const client = useQueryClient();
  const [chosen, setChosen] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const play = useMutation({
    mutationFn: (version: number) => playGameBuild(gameId, version),
    onSuccess: async (build) => {
      setChosen(`Version ${build.version} of ${title} plays now.`);
      await client.invalidateQueries({ queryKey: buildKeys.ofGame(gameId) });
      // The button that was used is gone: the list's heading takes the focus.
      headingRef.current?.focus();
    },
  });
  if (error) return <p className="text-sm text-danger-ink">{error.message}</p>;
  if (!data) return <p className="text-sm text-muted">Loading versions…</p>;
  return (
    <div className="space-y-3">
      <h4 ref={headingRef} tabIndex={-1} className="font-semibold text-ink">
        Versions
      </h4>
      <FormStatus>{chosen}</FormStatus>
      <FormAlert>{play.error?.message}</FormAlert>
      {data.length === 0 ? (
        <p className="text-sm text-muted">No build uploaded yet.</p>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line">
          {data.map((build) => (
            <li key={build.version} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 space-y-1">
                <p className="font-medium text-ink">
                  Version {build.version}{' '}
                  <span className="text-sm font-normal text-muted">
                    · {formatSize(build.sizeBytes)} · {pluralise(build.fileCount, 'file', 'files')} · {buildShapeText(build)} ·{' '}
                    <time dateTime={build.createdAt}>{when.format(new Date(build.createdAt))}</time>
                  </span>
                </p>
                {build.reviewNote && (
                  <p className="text-sm text-ink">
                    <span className="font-semibold">{build.status === 'rejected' ? 'Reason: ' : 'Moderator’s note: '}</span>
                    {build.reviewNote}
                  </p>
                )}
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <span className={`rounded-full px-3 py-1 text-sm font-semibold ${statusTone(build)}`}>{statusLabel(build)}</span>
                {build.status === 'pending' && (
                  <a
                    href={build.playUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={textLinkStyle}
                    aria-label={`Preview version ${build.version} (opens in a new tab)`}
                  >
                    Preview
                  </a>
                )}
                {build.status === 'approved' && !build.playing && (
                  <button
                    type="button"
                    className={buttonStyles.secondary}
                    disabled={play.isPending}
                    onClick={() => play.mutate(build.version)}
                    aria-label={`Play this version: version ${build.version}`}
                  >
                    Play this version
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
