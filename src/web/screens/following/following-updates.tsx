import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { RenderedMarkdown } from '../../components/rendered-markdown';
import { buttonStyles, textLinkStyle } from '../../components/styles';
import { gameDetailHref } from '../../lib/games-href';
import { followedUpdatesQuery } from '../../lib/updates';
import { useBrowserValue } from '../../lib/use-browser-value';
import { useHydrated } from '../../lib/use-hydrated';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dayInUtc = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

function PostedOn({ at }: { at: string }) {
  const text = useBrowserValue(() => day.format(new Date(at)), dayInUtc.format(new Date(at)));
  return <time dateTime={at}>{text}</time>;
}

/** The makers' update posts about games the member follows (or whose maker they follow), newest first. */
export function FollowingUpdates() {
  const hydrated = useHydrated();
  const { data, error, fetchNextPage, hasNextPage, isFetchingNextPage } = useInfiniteQuery(followedUpdatesQuery());
  const updates = data?.pages.flatMap((page) => page.items) ?? [];
  if (error || updates.length === 0) return null;
  return (
    <section aria-labelledby="following-updates-title" className="mb-10">
      <h2 id="following-updates-title" className="text-xl font-semibold tracking-tight text-ink">
        Latest updates
      </h2>
      <div className="mt-2">
        {updates.map((update) => (
          <article key={update.id} aria-labelledby={`followed-update-${update.id}`} className="border-t border-line py-4">
            <h3 id={`followed-update-${update.id}`} className="font-semibold text-ink">
              <Link to={`${gameDetailHref(update.gameId)}#update-${update.id}`} className={textLinkStyle}>
                {update.gameTitle}: {update.title}
              </Link>
            </h3>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
              <PostedOn at={update.createdAt} />
              {update.aiModel !== null && (
                <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-ink">
                  AI changed: {update.aiModel}
                </span>
              )}
            </p>
            <div className="mt-2 break-words">
              <RenderedMarkdown html={update.bodyHtml} />
            </div>
          </article>
        ))}
      </div>
      {hasNextPage && (
        <button
          type="button"
          onClick={() => void fetchNextPage()}
          disabled={!hydrated || isFetchingNextPage}
          className={`${buttonStyles.secondary} mt-2 w-full sm:w-auto`}
        >
          {isFetchingNextPage ? 'Loading…' : 'Show more updates'}
        </button>
      )}
    </section>
  );
}
