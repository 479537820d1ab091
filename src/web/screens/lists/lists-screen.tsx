import { Link } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { NewListForm } from '../../components/lists/new-list-form';
import { PageIntro } from '../../components/page-intro';
import { Screen } from '../../components/screen';
import { cardStyle, textLinkStyle } from '../../components/styles';
import { useMyLists } from '../../lib/lists/use-lists';
import { useAuth } from '../../lib/session';
import { ListRow } from './list-row';

/** The signed-in user's lists: create, rename and describe, make public or private, delete. */
export default function ListsScreen() {
  const { user } = useAuth();
  return (
    <Screen>
      <PageIntro title="Lists">
        Gather games into lists like “Cozy AI companions” or “Best LLM NPCs”, with a note for each. Keep a list private or make it public
        and share its link. See what others share in{' '}
        <Link to={pathOf('public-lists')} className={textLinkStyle}>
          public lists
        </Link>
        .
      </PageIntro>
      <section aria-label="Start a list" className={`${cardStyle} mb-8 max-w-xl p-5`}>
        {user && <NewListForm ownerId={user.id} />}
      </section>
      {user && <MyLists ownerId={user.id} />}
    </Screen>
  );
}

function MyLists({ ownerId }: { ownerId: string }) {
  const state = useMyLists(ownerId);
  return (
    <section aria-labelledby="my-lists-title">
      <h2 id="my-lists-title" className="mb-4 text-xl font-semibold text-ink">
        Your lists
      </h2>
      <div aria-live="polite">
        {state.status === 'loading' && <p className="text-muted">Loading your lists…</p>}
        {state.status === 'error' && <p className="text-danger-ink">Your lists could not be loaded: {state.error.message}</p>}
        {state.status === 'ready' && state.lists.length === 0 && (
          <p className="text-muted">No lists yet. Name one above, or use “Add to list” on any game.</p>
        )}
      </div>
      {state.status === 'ready' && state.lists.length > 0 && (
        <ul className="grid gap-4 md:grid-cols-2">
          {state.lists.map((list) => (
            <ListRow key={list.id} list={list} />
          ))}
        </ul>
      )}
    </section>
  );
}
