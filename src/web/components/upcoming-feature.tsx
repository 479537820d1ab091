import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pathOf } from '../../shared/routes';
import { PageIntro } from './page-intro';
import { Screen } from './screen';
import { buttonStyles, cardStyle } from './styles';

interface UpcomingFeatureProps {
  title: string;
  /** One or two sentences: what the screen is for and when it arrives. */
  children: ReactNode;
}

/** An honest placeholder for a screen whose feature ships in an upcoming release. */
export function UpcomingFeature({ title, children }: UpcomingFeatureProps) {
  return (
    <Screen>
      <div className={`${cardStyle} mx-auto max-w-2xl p-6 sm:p-10`}>
        <PageIntro title={title} eyebrow="Coming soon">
          {children}
        </PageIntro>
        <div className="flex flex-wrap gap-3">
          <Link to={pathOf('games')} className={buttonStyles.primary}>
            Browse games
          </Link>
          <Link to={pathOf('home')} className={buttonStyles.secondary}>
            Back to home
          </Link>
        </div>
      </div>
    </Screen>
  );
}
