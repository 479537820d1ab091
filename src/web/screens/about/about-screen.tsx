import { Link } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { PageIntro } from '../../components/page-intro';
import { Prose } from '../../components/prose';
import { Screen } from '../../components/screen';
import { useScrollToHash } from '../../lib/use-scroll-to-hash';

export default function AboutScreen() {
  useScrollToHash();
  return (
    <Screen>
      <PageIntro title="About GameSource" eyebrow="About">
        GameSource is a catalogue of games built around artificial intelligence: games where AI is part of how you play, not only part of
        how they were made.
      </PageIntro>
      <Prose>
        <h2>What we mean by a game built around AI</h2>
        <p>
          In the games we list, you meet the AI while you play. It might be a character who holds a real conversation and remembers it, an
          opponent that studies your habits and learns to counter them, a director that reshapes a level as you go, or a story that is
          written in response to what you do. The catalogue describes what the AI does in each game, so you can tell a talking village from
          a learning sparring partner before you start.
        </p>

        <h2>Who it is for</h2>
        <ul>
          <li>
            <strong>Players</strong> who are curious about what AI does for games and want to find the ones worth their time, sorted into
            categories from RPGs and strategy to puzzles and racing.
          </li>
          <li>
            <strong>Makers</strong>, from solo developers to studios, who have built a game around AI and want it in front of the people
            looking for exactly that.
          </li>
        </ul>

        <h2 id="listing">How listing works</h2>
        <ol>
          <li>
            <strong>A maker submits the game</strong> with a description, its categories, cover art, its price and release date.
          </li>
          <li>
            <strong>Moderators review every submission</strong> before it is listed. They check that the game exists and is available, that
            the description is accurate, that it is honest about what the AI does, and that the cover art is suitable for everyone.
          </li>
          <li>
            <strong>Once approved, the game is listed</strong> in the catalogue and in each of its categories, where players can find it,
            rate it and review it.
          </li>
        </ol>
        <p>
          To list a game, sign in and open <Link to={pathOf('submit-game')}>Submit a game</Link>: save it as a draft as often as you like,
          submit it when it is ready, and follow its review on <Link to={pathOf('my-games')}>My games</Link>. The{' '}
          <Link to={pathOf('community')}>community guidelines</Link> say what we expect of makers and players alike.
        </p>

        <h2>Get in touch</h2>
        <p>
          Questions, a problem with a listing, or a game you think we should know about? The{' '}
          <Link to={pathOf('support')}>support page</Link> has answers and our contact address.
        </p>
      </Prose>
    </Screen>
  );
}
