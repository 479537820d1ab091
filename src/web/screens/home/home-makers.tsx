import { Link } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { buttonStyles, cardStyle, containerStyle } from '../../components/styles';

export function HomeMakers() {
  return (
    <section aria-labelledby="makers-title" className={`${containerStyle} pt-14`}>
      <div className={`${cardStyle} flex flex-col gap-6 p-6 sm:p-10 md:flex-row md:items-center md:justify-between`}>
        <div className="max-w-2xl">
          <h2 id="makers-title" className="text-2xl font-bold tracking-tight text-ink">
            Made a game built around AI?
          </h2>
          <p className="mt-3 text-muted">
            List it on GameSource. You submit the game, our moderators review it, and once it is approved it appears in the catalogue and
            its categories.
          </p>
        </div>
        <Link to={`${pathOf('about')}#listing`} className={`${buttonStyles.secondary} shrink-0`}>
          How listing works
        </Link>
      </div>
    </section>
  );
}
