import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { CodeButton } from '../../../components/code-button';
import { FormStatus } from '../../../components/forms/form-messages';
import { SuspendedNotice, useSuspension } from '../../../components/reports/suspension-notice';
import { buttonStyles } from '../../../components/styles';
import { updatesQuery } from '../../../lib/updates';
import { UpdateForm } from './update-form';
import { UpdateItem } from './update-item';

/** A bell's or feed's link to one update (`#update-12`) finds it once the updates have arrived, once per address. */
function useScrollToUpdate(loaded: boolean) {
  const { hash } = useLocation();
  const done = useRef('');
  useEffect(() => {
    if (!loaded || !hash.startsWith('#update') || done.current === hash) return;
    done.current = hash;
    document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash, loaded]);
}

/** The maker's update posts, newest first; for the maker, a form to post one and Edit/Delete on theirs. */
export function UpdatesSection({ gameId }: { gameId: number }) {
  const { data, error, isPending, fetchNextPage, hasNextPage, isFetchingNextPage, refetch } = useInfiniteQuery(updatesQuery(gameId));
  const [writing, setWriting] = useState(false);
  const [notice, setNotice] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const postButton = useRef<HTMLButtonElement>(null);
  const suspended = useSuspension() !== null;
  const updates = data?.pages.flatMap((page) => page.items) ?? [];
  const yours = data?.pages[0]?.yourGame === true;
  useScrollToUpdate(data !== undefined);
  const close = (message = '') => {
    setWriting(false);
    setNotice(message);
    requestAnimationFrame(() => (message ? heading : postButton).current?.focus());
  };
  return (
    <section id="updates" aria-labelledby="updates-title" className="scroll-mt-20 lg:col-span-2">
      <h2
        id="updates-title"
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-semibold tracking-tight text-ink focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        Updates
      </h2>
      {yours && (
        <div className="mt-4">
          <SuspendedNotice doing="post updates" />
          {writing ? (
            <UpdateForm gameId={gameId} onDone={() => close('Your update is posted.')} onCancel={() => close()} />
          ) : (
            !suspended && (
              <CodeButton ref={postButton} keptTap="post-update" onClick={() => setWriting(true)} className={buttonStyles.primary}>
                Post an update
              </CodeButton>
            )
          )}
        </div>
      )}
      <FormStatus>{notice}</FormStatus>
      {error && (
        <p role="alert" className="mt-4 text-danger-ink">
          Updates could not be loaded. {error.message}{' '}
          <button type="button" className="underline" onClick={() => void refetch()}>
            Try again
          </button>
        </p>
      )}
      {!isPending && !error && updates.length === 0 && (
        <p className="mt-4 text-muted">
          {yours ? 'No updates yet. Players who follow the game, or you, will hear of your first.' : 'No updates from the maker yet.'}
        </p>
      )}
      <div className="mt-2">
        {updates.map((update) => (
          <UpdateItem key={update.id} update={update} yours={yours} suspended={suspended} afterDelete={heading} onDeleted={setNotice} />
        ))}
      </div>
      {hasNextPage && (
        <CodeButton
          keptTap="more-updates"
          onClick={() => void fetchNextPage()}
          disabled={isFetchingNextPage}
          className={`${buttonStyles.secondary} mt-2 w-full sm:w-auto`}
        >
          {isFetchingNextPage ? 'Loading…' : 'Show more updates'}
        </CodeButton>
      )}
    </section>
  );
}
