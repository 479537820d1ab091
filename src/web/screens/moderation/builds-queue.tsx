import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { PendingBuild } from '../../../shared/builds';
import { moderationNoteSchema } from '../../../shared/submissions';
import { FormAlert } from '../../components/forms/form-messages';
import { FieldError } from '../../components/forms/text-field';
import { buttonStyles, cardStyle, inputStyle, labelStyle, textLinkStyle } from '../../components/styles';
import { buildShapeText, pendingBuildsQuery, useBuildDecision, type BuildDecision } from '../../lib/builds';
import { formatSize, pluralise } from '../../lib/format';
import { useAuth } from '../../lib/session';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const keyOf = (build: PendingBuild) => `${build.game.id}:${build.version}`;

const successText: Record<BuildDecision, string> = {
  approve: 'Approved: it now plays on the game page.',
  reject: 'Rejected: the maker has been told why.',
};

/** Build versions waiting for review, oldest first: play each in its frame, then approve or reject. */
export function BuildsQueue({ onDecided }: { onDecided: (message: string) => void }) {
  const { data, error } = useQuery(pendingBuildsQuery());
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const items = data?.items ?? [];
  const selected = items.find((item) => keyOf(item) === selectedKey) ?? items[0];
  return (
    <div className="grid gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <section aria-labelledby="builds-queue-title">
        <h2 id="builds-queue-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-ink">
          Builds waiting for review {data && <span className="text-muted">({data.total})</span>}
        </h2>
        {error && <p className="mt-3 text-danger-ink">{error.message}</p>}
        {data && items.length === 0 && <p className="mt-3 text-muted">No build to review.</p>}
        <ul className="mt-3 space-y-2">
          {items.map((item) => (
            <li key={keyOf(item)}>
              <button
                type="button"
                onClick={() => setSelectedKey(keyOf(item))}
                aria-current={item === selected || undefined}
                className={`w-full rounded-xl border px-4 py-3 text-left ${item === selected ? 'border-accent bg-accent-soft' : 'border-line bg-surface hover:bg-raised'}`}
              >
                <span className="block font-semibold text-ink">
                  {item.game.title}, version {item.version}
                </span>
                <span className="block text-sm text-muted">by {item.maker.name}</span>
                <span className="block text-xs text-muted">
                  sent <time dateTime={item.createdAt}>{when.format(new Date(item.createdAt))}</time>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      {selected && (
        <BuildReview
          key={keyOf(selected)}
          build={selected}
          onDecided={(text) => {
            onDecided(`${selected.game.title}, version ${selected.version}: ${text}`);
            setSelectedKey(null);
            headingRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}

function BuildReview({ build, onDecided }: { build: PendingBuild; onDecided: (message: string) => void }) {
  const { user } = useAuth();
  const own = user !== null && user.id === build.maker.id;
  return (
    <div className="min-w-0 space-y-6">
      <section aria-labelledby="build-title" className={`${cardStyle} space-y-4 p-5`}>
        <div>
          <h2 id="build-title" className="text-lg font-semibold text-ink">
            {build.game.title}, version {build.version}
          </h2>
          <p className="text-sm text-muted">
            by {build.maker.name} · {formatSize(build.sizeBytes)} · {pluralise(build.fileCount, 'file', 'files')} · starts at{' '}
            {build.entryPath} · {buildShapeText(build)} ·{' '}
            <Link to={`/game-detail?id=${build.game.id}`} className={textLinkStyle}>
              game page
            </Link>
          </p>
        </div>
        <div className="aspect-video w-full overflow-hidden rounded-xl border border-line bg-black">
          <iframe
            src={build.playUrl}
            title={`Preview of ${build.game.title}, version ${build.version}`}
            sandbox="allow-scripts allow-pointer-lock allow-same-origin"
            allow="fullscreen"
            referrerPolicy="no-referrer"
            className="h-full w-full"
          />
        </div>
        <a href={build.playUrl} target="_blank" rel="noopener noreferrer" className={textLinkStyle}>
          Open in a new tab
        </a>
      </section>
      {own ? (
        <section aria-labelledby="build-decision-title" className="rounded-2xl border border-line bg-surface p-5">
          <h2 id="build-decision-title" className="text-lg font-semibold text-ink">
            Your decision
          </h2>
          <p className="mt-2 text-muted">You can’t review a build of your own game: another moderator will.</p>
        </section>
      ) : (
        <BuildDecisionForm build={build} onDecided={onDecided} />
      )}
    </div>
  );
}

function BuildDecisionForm({ build, onDecided }: { build: PendingBuild; onDecided: (message: string) => void }) {
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const decide = useBuildDecision();
  const run = (decision: BuildDecision) => {
    if (decision === 'reject') {
      const checked = moderationNoteSchema.safeParse({ note });
      if (!checked.success) {
        setNoteError(checked.error.issues[0]?.message);
        document.getElementById('build-note')?.focus();
        return;
      }
    }
    setNoteError(undefined);
    decide
      .mutateAsync({ gameId: build.game.id, version: build.version, decision, note })
      .then(() => onDecided(successText[decision]))
      .catch(() => undefined);
  };
  return (
    <section aria-labelledby="build-decision-title" className="rounded-2xl border border-line bg-surface p-5">
      <h2 id="build-decision-title" className="text-lg font-semibold text-ink">
        Your decision
      </h2>
      <div className="mt-3 space-y-1.5">
        <label htmlFor="build-note" className={labelStyle}>
          Note for the maker (required to reject)
        </label>
        <textarea
          id="build-note"
          rows={3}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? 'build-note-error' : undefined}
          className={inputStyle}
        />
        {noteError && <FieldError id="build-note-error">{noteError}</FieldError>}
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={buttonStyles.primary} disabled={decide.isPending} onClick={() => run('approve')}>
          Approve build
        </button>
        <button type="button" className={buttonStyles.danger} disabled={decide.isPending} onClick={() => run('reject')}>
          Reject build
        </button>
      </div>
      <div className="mt-3">
        <FormAlert>{decide.error?.message}</FormAlert>
      </div>
    </section>
  );
}
