import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PublicListSummary } from '../../../shared/public-lists';
import { pathOf } from '../../../shared/routes';
import { ListMaker } from '../../components/lists/list-maker';
import { PageIntro } from '../../components/page-intro';
import { Pagination } from '../../components/pagination';
import { Screen } from '../../components/screen';
import { buttonStyles, cardStyle, textLinkStyle } from '../../components/styles';
import { formatCount, pluralise } from '../../lib/format';
import { listHref } from '../../lib/lists/model';
import {
  type PublicListOrder,
  type PublicListsLocation,
  publicListsHref,
  publicListsQuery,
  readPublicListsLocation,
} from '../../lib/lists/public-lists';

const orderLabels: Record<PublicListOrder, string> = { newest: 'Newest', 'most-games': 'Most games' };

/** `/public-lists`: every public list, newest or fullest first, with who made it. */
export default function PublicListsScreen() {
  const [search] = useSearchParams();
  const location = readPublicListsLocation(search);
  return (
    <Screen>
      <PageIntro title="Public lists">
        Lists of games that members made and shared. Make your own in{' '}
        <Link to={pathOf('lists')} className={textLinkStyle}>
          your lists
        </Link>{' '}
        and switch it to public to see it here.
      </PageIntro>
      <OrderSwitch current={location.order} />
      <Suspense
        fallback={
          <p role="status" className="text-muted">
            Loading public lists…
          </p>
        }
      >
        <PublicLists location={location} />
      </Suspense>
    </Screen>
  );
}

function OrderSwitch({ current }: { current: PublicListOrder }) {
  return (
    <nav aria-label="Order of the lists" className="mb-6 flex flex-wrap gap-2">
      {(Object.keys(orderLabels) as PublicListOrder[]).map((order) => (
        <Link
          key={order}
          to={publicListsHref({ order, page: 1 })}
          aria-current={order === current ? 'page' : undefined}
          className={order === current ? buttonStyles.primary : buttonStyles.secondary}
        >
          {orderLabels[order]}
        </Link>
      ))}
    </nav>
  );
}

function PublicLists({ location }: { location: PublicListsLocation }) {
  const { data } = useSuspenseQuery(publicListsQuery(location));
  if (data.total === 0) return <NoPublicLists />;
  const pageCount = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <>
      <p aria-live="polite" className="mb-5 text-sm text-muted">
        {formatCount(data.total)} {data.total === 1 ? 'public list' : 'public lists'}
      </p>
      {data.items.length === 0 ? (
        <p className="text-muted">
          No lists on this page.{' '}
          <Link to={publicListsHref({ order: location.order, page: 1 })} className={textLinkStyle}>
            Go to the first page
          </Link>
          .
        </p>
      ) : (
        <ul aria-label="Public lists" className="grid gap-4 md:grid-cols-2">
          {data.items.map((list) => (
            <PublicListCard key={list.id} list={list} />
          ))}
        </ul>
      )}
      {pageCount > 1 && (
        <Pagination page={data.page} pageCount={pageCount} hrefFor={(page) => publicListsHref({ order: location.order, page })} />
      )}
    </>
  );
}

function PublicListCard({ list }: { list: PublicListSummary }) {
  return (
    <li className={`${cardStyle} flex min-w-0 flex-col gap-3 p-5`}>
      <h2 className="break-words text-lg font-semibold text-ink">
        <Link to={listHref(list.id)} className={textLinkStyle}>
          {list.name}
        </Link>
      </h2>
      <p className="text-sm text-muted">{pluralise(list.gameCount, 'game', 'games')}</p>
      {list.description && <p className="line-clamp-3 whitespace-pre-line break-words text-ink">{list.description}</p>}
      <ListMaker maker={list.maker} />
    </li>
  );
}

function NoPublicLists() {
  return (
    <div className="rounded-2xl border border-dashed border-line px-6 py-12 text-center">
      <h2 className="text-lg font-semibold text-ink">No public lists yet</h2>
      <p className="mx-auto mt-2 max-w-md text-muted">
        Nobody has shared a list so far. Gather games into a list and make it public: it will be the first one here.
      </p>
      <Link to={pathOf('lists')} className={`${buttonStyles.primary} mt-6`}>
        Make a list
      </Link>
    </div>
  );
}
