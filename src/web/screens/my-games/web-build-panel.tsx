import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { GameBuild } from '../../../shared/builds';
import { FormAlert, FormStatus } from '../../components/forms/form-messages';
import { buttonStyles, cardStyle, inputStyle, labelStyle, textLinkStyle } from '../../components/styles';
import { NetworkError } from '../../lib/api';
import { buildKeys, gameBuildsQuery, playGameBuild, uploadGameBuild } from '../../lib/builds';
import { formatSize, pluralise } from '../../lib/format';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A game's web build: upload a new version, follow its review, choose which approved version plays. */
export function WebBuildPanel({ gameId, title }: { gameId: number; title: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${cardStyle} space-y-4 p-5`}>
      <h3 id={headingId} className="text-lg font-semibold text-ink">
        Web build: {title}
      </h3>
      <p className="text-sm text-muted">
        Upload a zip with index.html at its top (or in its one folder). Each upload is a new version, reviewed by a moderator; the version that plays stays until a new one is approved.
      </p>
      <UploadForm gameId={gameId} title={title} />
      <Versions gameId={gameId} title={title} />
    </section>
  );
}

function UploadForm({ gameId, title }: { gameId: number; title: string }) {
  const client = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const inputId = `build-zip-${gameId}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = inputRef.current?.files?.[0];
    setDone('');
    if (!file) {
      setError('Choose a zip of your web build first.');
      inputRef.current?.focus();
      return;
    }
    setError('');
    try {
      const build = await uploadGameBuild(gameId, file, { onProgress: setProgress });
      setDone(`Version ${build.version} uploaded: it waits for a moderator’s review.`);
      if (inputRef.current) inputRef.current.value = '';
      await client.invalidateQueries({ queryKey: buildKeys.ofGame(gameId) });
    } catch (caught) {
      setError(caught instanceof NetworkError ? 'The upload did not reach GameSource. Check your connection and try again.' : (caught as Error).message);
      inputRef.current?.focus();
    } finally {
      setProgress(null);
    }
  };

  const percent = progress === null ? 0 : Math.round(progress * 100);
  return (
    <form onSubmit={submit} className="space-y-3" aria-label={`Upload a build of ${title}`}>
      <div className="space-y-1.5">
        <label htmlFor={inputId} className={labelStyle}>
          Zip of the web build
        </label>
        <input
          ref={inputRef}
          id={inputId}
          name="build"
          type="file"
          accept=".zip,application/zip"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className={`${inputStyle} file:mr-3 file:rounded-md file:border-0 file:bg-raised file:px-3 file:py-1.5 file:text-ink`}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={progress !== null}>
          Upload
        </button>
        {progress !== null && (
          <div
            role="progressbar"
            aria-label={`Uploading the build of ${title}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%`}
            className="h-2 w-full max-w-xs overflow-hidden rounded-full bg-raised"
          >
            <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
          </div>
        )}
      </div>
      <FormAlert id={`${inputId}-error`}>{error}</FormAlert>
      <FormStatus>{done}</FormStatus>
    </form>
  );
}

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

function Versions({ gameId, title }: { gameId: number; title: string }) {
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
                    · {formatSize(build.sizeBytes)} · {pluralise(build.fileCount, 'file', 'files')} · <time dateTime={build.createdAt}>{when.format(new Date(build.createdAt))}</time>
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
                  <a href={build.playUrl} target="_blank" rel="noopener noreferrer" className={textLinkStyle} aria-label={`Preview version ${build.version} (opens in a new tab)`}>
                    Preview
                  </a>
                )}
                {build.status === 'approved' && !build.playing && (
                  <button type="button" className={buttonStyles.secondary} disabled={play.isPending} onClick={() => play.mutate(build.version)} aria-label={`Play this version: version ${build.version}`}>
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
