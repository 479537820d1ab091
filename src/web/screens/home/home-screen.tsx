import { HomeCategories } from './home-categories';
import { HomeFeaturedGames } from './home-featured-games';
import { HomeHero } from './home-hero';
import { HomeMakers } from './home-makers';

export default function HomeScreen() {
  return (
    <>
      <HomeHero />
      <HomeFeaturedGames />
      <HomeCategories />
      <HomeMakers />
    </>
  );
}
