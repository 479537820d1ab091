import { Link, useLocation, useSearchParams } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { PageIntro } from '../../components/page-intro';
import { Screen } from '../../components/screen';
import { buttonStyles } from '../../components/styles';
import { useList } from '../../lib/lists/use-lists';
import { useAuth } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ListGames } from './list-games';
import { ListHeader } from './list-header';

/** One list, `/list?id=<id>`: anyone may open a public list; a private one only its owner. */
export default function ListScreen() {
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  return <Screen>{id ? <ListView key={id} id={id} /> : <NoList />}</Screen>;
}

function ListView({ id }: { id: string }) {
  const state = useList(id);
  const { user } = useAuth();
  if (state.status === 'loading') {
    return (
      <p role="status" className="text-muted">
        Opening the list…
      </p>
    );
  }
  if (state.status === 'private') return <PrivateList signedIn={user !== null} />;
  if (state.status === 'error') return <PageIntro title="This list could not be opened">{state.error.message}</PageIntro>;
  const owner = user !== null && user.id === state.list.ownerId;
  return (
    <div className="space-y-10">
      <TitledList name={state.list.name} />
      <ListHeader list={state.list} owner={owner} />
      <ListGames list={state.list} owner={owner} />
    </div>
  );
}

function TitledList({ name }: { name: string }) {
  useDocumentTitle(name);
  return null;
}

function PrivateList({ signedIn }: { signedIn: boolean }) {
  const { pathname, search } = useLocation();
  return (
    <div>
      <PageIntro title="This list is private">
        Only its owner can see it. If it is yours, sign in with the account that made it; if someone shared it with you, ask them to make it
        public. (A list that was deleted looks the same.)
      </PageIntro>
      <div className="flex flex-wrap gap-3">
        {!signedIn && (
          <Link to={`${pathOf('login')}?next=${encodeURIComponent(pathname + search)}`} className={buttonStyles.primary}>
            Sign in
          </Link>
        )}
        <Link to={pathOf('home')} className={buttonStyles.secondary}>
          Go to the home page
        </Link>
      </div>
    </div>
  );
}

function NoList() {
  return (
    <PageIntro title="No list chosen">
      This page shows one list; its link ends with <code>?id=</code> and the list’s id.{' '}
      <Link to={pathOf('lists')} className="underline">
        See your lists
      </Link>
      .
    </PageIntro>
  );
}
