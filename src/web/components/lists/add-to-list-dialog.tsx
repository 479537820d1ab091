import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isNameless } from '../../../shared/nameless-member';
import { pathOf } from '../../../shared/routes';
import { pluralise } from '../../lib/format';
import { hasGame, type ListEntry } from '../../lib/lists/model';
import { addGameToList, removeGameFromList } from '../../lib/lists/store';
import { useMyLists } from '../../lib/lists/use-lists';
import { useAuth } from '../../lib/session';
import { buttonStyles, textLinkStyle } from '../styles';
import { ModalDialog } from './modal-dialog';
import { NewListForm } from './new-list-form';

interface AddToListDialogProps {
  gameId: number;
  title: string;
  onClose: () => void;
}

export default function AddToListDialog({ gameId, title, onClose }: AddToListDialogProps) {
  const { status, user } = useAuth();
  // A rendered page names its member a moment after it is hydrated (decision 0081): their lists wait for it.
  const owner = user && !isNameless(user) ? user : null;
  return (
    <ModalDialog title={`Add ${title} to a list`} onClose={onClose}>
      {(status === 'loading' || (user && !owner)) && <p className="text-muted">Checking who you are…</p>}
      {status === 'signed-out' && <SignInToUseLists />}
      {owner && <ListChoices ownerId={owner.id} gameId={gameId} />}
      <div className="mt-5 flex justify-end">
        <button type="button" onClick={onClose} className={buttonStyles.secondary}>
          Done
        </button>
      </div>
    </ModalDialog>
  );
}

function SignInToUseLists() {
  const { pathname, search } = useLocation();
  return (
    <p className="text-ink">
      Lists belong to an account.{' '}
      <Link to={`${pathOf('login')}?next=${encodeURIComponent(pathname + search)}`} className={textLinkStyle}>
        Sign in
      </Link>{' '}
      to make lists of games and share them.
    </p>
  );
}

function ListChoices({ ownerId, gameId }: { ownerId: string; gameId: number }) {
  const lists = useMyLists(ownerId);
  return (
    <div className="space-y-5">
      {lists.status === 'loading' && <p className="text-muted">Loading your lists…</p>}
      {lists.status === 'error' && <p className="text-danger-ink">Your lists could not be loaded: {lists.error.message}</p>}
      {lists.status === 'ready' && lists.lists.length === 0 && <p className="text-muted">You have no lists yet. Start one below.</p>}
      {lists.status === 'ready' && lists.lists.length > 0 && (
        <ul aria-label="Your lists" className="space-y-1">
          {lists.lists.map((list) => (
            <ListChoice key={list.id} list={list} gameId={gameId} />
          ))}
        </ul>
      )}
      <NewListForm ownerId={ownerId} gameId={gameId} />
    </div>
  );
}

function ListChoice({ list, gameId }: { list: ListEntry; gameId: number }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  // Shown at once, until the list's next snapshot (a newer updatedAt) tells the stored truth.
  const [wanted, setWanted] = useState<{ value: boolean; since: number } | null>(null);
  const version = list.updatedAt.toMillis();
  const included = wanted?.since === version ? wanted.value : hasGame(list, gameId);
  const toggle = async () => {
    setBusy(true);
    setProblem('');
    setWanted({ value: !included, since: version });
    try {
      await (included ? removeGameFromList(list.id, gameId) : addGameToList(list.id, gameId));
    } catch (error) {
      setWanted(null);
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li>
      <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 hover:bg-raised">
        <input type="checkbox" checked={included} disabled={busy} onChange={() => void toggle()} className="size-4 accent-accent" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-ink">{list.name}</span>
          <span className="block text-xs text-muted">
            {pluralise(list.games.length, 'game', 'games')} · {list.public ? 'Public' : 'Private'}
          </span>
        </span>
      </label>
      {problem && (
        <p role="alert" className="px-2 text-sm text-danger-ink">
          {problem}
        </p>
      )}
    </li>
  );
}
