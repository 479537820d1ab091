import { Link } from 'react-router';
import type { ForYou } from '../../../shared/home';
import { pathOf } from '../../../shared/routes';
import { GameGrid } from '../../components/game-grid';
import { buttonStyles, cardStyle } from '../../components/styles';
import { useCategoryName } from '../../lib/use-category-name';
import { HomeSection } from './home-section';

export const FOR_YOU_TITLE_ID = 'for-you-title';

/** Games from the signed-in user's favourite categories, or an invitation to pick some. */
export function ForYouSection({ forYou }: { forYou: ForYou }) {
  const categoryName = useCategoryName();
  if (forYou.categories.length === 0) {
    return (
      <HomeSection id={FOR_YOU_TITLE_ID} title="For you">
        <div className={`${cardStyle} flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between`}>
          <p className="max-w-2xl text-muted">Pick the categories you like and this is where we will gather games from them for you.</p>
          <Link to={pathOf('categories')} className={`${buttonStyles.primary} shrink-0`}>
            Pick categories
          </Link>
        </div>
      </HomeSection>
    );
  }
  const names = forYou.categories.map(categoryName).join(', ');
  return (
    <HomeSection id={FOR_YOU_TITLE_ID} title="For you" more={{ to: pathOf('categories'), label: 'Change categories' }}>
      <p className="-mt-3 mb-6 text-sm text-muted">From your favourite categories: {names}.</p>
      {forYou.items.length > 0 ? (
        <GameGrid games={forYou.items} titleAs="h3" label="Games for you" />
      ) : (
        <p className="text-muted">You have already made every game in these categories a favourite. Pick more categories to see more.</p>
      )}
    </HomeSection>
  );
}
