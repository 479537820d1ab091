import { catalogueTopic } from '../../../shared/live';
import { useLiveTopics } from '../../lib/live';
import { HomeCategories } from './home-categories';
import { HomeGameSections } from './home-game-sections';
import { HomeHero } from './home-hero';
import { HomeMakers } from './home-makers';

export default function HomeScreen() {
  useLiveTopics([catalogueTopic]);
  return (
    <>
      <HomeHero />
      <HomeGameSections />
      <HomeCategories />
      <HomeMakers />
    </>
  );
}
