import { useState } from 'react';
import { Link } from 'react-router';
import { DeleteListButton } from '../../components/lists/delete-list-button';
import { ListDetailsForm } from '../../components/lists/list-details-form';
import { ShareLink } from '../../components/lists/share-link';
import { VisibilitySwitch } from '../../components/lists/visibility-switch';
import { buttonStyles, cardStyle, textLinkStyle } from '../../components/styles';
import { pluralise } from '../../lib/format';
import { listHref, type ListEntry } from '../../lib/lists/model';

export function ListRow({ list }: { list: ListEntry }) {
  const [editing, setEditing] = useState(false);
  return (
    <li className={`${cardStyle} flex flex-col gap-4 p-5`}>
      {editing ? (
        <ListDetailsForm list={list} onDone={() => setEditing(false)} />
      ) : (
        <div className="min-w-0 space-y-1">
          <h3 className="text-lg font-semibold text-ink">
            <Link to={listHref(list.id)} className={textLinkStyle}>
              {list.name}
            </Link>
          </h3>
          <p className="text-sm text-muted">{pluralise(list.games.length, 'game', 'games')}</p>
          {list.description && <p className="whitespace-pre-line break-words text-ink">{list.description}</p>}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <VisibilitySwitch list={list} />
        {!editing && (
          <button
            type="button"
            onClick={() => setEditing(true)}
            className={buttonStyles.secondary}
            aria-label={`Edit details of ${list.name}`}
          >
            Edit details
          </button>
        )}
        <DeleteListButton list={list} />
      </div>
      {list.public && <ShareLink listId={list.id} name={list.name} />}
    </li>
  );
}
