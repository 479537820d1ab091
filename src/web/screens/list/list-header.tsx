import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { DeleteListButton } from '../../components/lists/delete-list-button';
import { ListDetailsForm } from '../../components/lists/list-details-form';
import { ListMaker } from '../../components/lists/list-maker';
import { ShareLink } from '../../components/lists/share-link';
import { VisibilitySwitch } from '../../components/lists/visibility-switch';
import { ReportButton } from '../../components/reports/report-button';
import { buttonStyles, cardStyle } from '../../components/styles';
import { pluralise } from '../../lib/format';
import type { ListEntry } from '../../lib/lists/model';
import { publicProfileQuery } from '../../lib/profiles';

export function ListHeader({ list, owner }: { list: ListEntry; owner: boolean }) {
  const [editing, setEditing] = useState(false);
  const navigate = useNavigate();
  return (
    <header className="space-y-4">
      <p className="text-sm font-semibold uppercase tracking-wider text-accent-ink">
        {list.public ? 'Public list' : 'Private list'} · {pluralise(list.games.length, 'game', 'games')}
      </p>
      {editing ? (
        <div className={`${cardStyle} max-w-2xl p-5`}>
          <ListDetailsForm list={list} onDone={() => setEditing(false)} />
        </div>
      ) : (
        <div className="max-w-3xl space-y-3">
          <h1 className="break-words text-3xl font-bold tracking-tight text-ink sm:text-4xl">{list.name}</h1>
          {list.description && <p className="whitespace-pre-line break-words text-lg text-muted">{list.description}</p>}
        </div>
      )}
      <Maker ownerId={list.ownerId} />
      {!owner && list.public && <ReportButton kind="list" targetId={list.id} name={`the list ${list.name}`} />}
      {owner && (
        <div className="flex flex-wrap items-center gap-3">
          <VisibilitySwitch list={list} />
          {!editing && (
            <button type="button" onClick={() => setEditing(true)} className={buttonStyles.secondary}>
              Edit details
            </button>
          )}
          <DeleteListButton list={list} onDeleted={() => void navigate(pathOf('lists'))} />
        </div>
      )}
      {owner && list.public && (
        <div className="max-w-2xl space-y-1">
          <p className="text-sm text-muted">Anyone with this link can see the list, signed in or not:</p>
          <ShareLink listId={list.id} name={list.name} />
        </div>
      )}
      {owner && !list.public && <p className="text-sm text-muted">Only you can see this list. Make it public to share its link.</p>}
    </header>
  );
}

/** Who made the list, as their public profile names them (nothing while it loads, or for a banned maker). */
function Maker({ ownerId }: { ownerId: string }) {
  const { data: profile } = useQuery({ ...publicProfileQuery(ownerId), enabled: ownerId !== '' });
  if (!profile) return null;
  return <ListMaker maker={profile} />;
}
