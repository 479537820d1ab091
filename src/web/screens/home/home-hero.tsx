import { Link } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { buttonStyles, containerStyle } from '../../components/styles';
import { HeroArt } from './hero-art';

export function HomeHero() {
  return (
    <section className="relative overflow-hidden border-b border-line">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_20%_-10%,var(--gs-accent-soft),transparent)]"
      />
      <div className={`${containerStyle} relative grid items-center gap-10 py-16 sm:py-24 lg:grid-cols-[1fr_auto]`}>
        <HeroCopy />
        <div className="hidden justify-center lg:flex">
          <HeroArt />
        </div>
      </div>
    </section>
  );
}

function HeroCopy() {
  return (
    <div>
      <p className="text-sm font-semibold uppercase tracking-wider text-accent-ink">The catalogue of AI games</p>
      <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-ink sm:text-6xl">Discover games built around AI</h1>
      <p className="mt-6 max-w-2xl text-lg text-muted sm:text-xl">
        GameSource is the place to find games where artificial intelligence shapes the play: characters who remember you, opponents that
        learn, worlds written as you explore. It is also where the makers of those games list them.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to={pathOf('games')} className={`${buttonStyles.primary} px-6 py-3 text-base`}>
          Browse games
        </Link>
        <Link to={pathOf('submit-game')} className={`${buttonStyles.secondary} px-6 py-3 text-base`}>
          List your game
        </Link>
      </div>
    </div>
  );
}
