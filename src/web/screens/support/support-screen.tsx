import { Link } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { PageIntro } from '../../components/page-intro';
import { Prose } from '../../components/prose';
import { Screen } from '../../components/screen';
import { useScrollToHash } from '../../lib/use-scroll-to-hash';

const SUPPORT_EMAIL = 'support@gamesource.example';

export default function SupportScreen() {
  useScrollToHash();
  return (
    <Screen>
      <PageIntro title="Support" eyebrow="Support">
        Answers to the questions people ask most. If yours is not here, write to us at{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-accent-ink underline underline-offset-4">
          {SUPPORT_EMAIL}
        </a>
        .
      </PageIntro>
      <Prose>
        <h2>Frequently asked questions</h2>

        <h3>Do I need an account to browse?</h3>
        <p>
          Yes: the <Link to={pathOf('games')}>catalogue</Link> and its{' '}
          <Link to={pathOf('categories')}>categories</Link> are for members. An account is free and takes a
          minute: <Link to={pathOf('login')}>sign in</Link> with your e-mail address and a password, or with
          any of the other ways the sign-in page offers.
        </p>

        <h3>I forgot my password. What now?</h3>
        <p>
          On the <Link to={pathOf('login')}>sign-in page</Link>, choose &lsquo;Forgot password?&rsquo; and
          enter your e-mail address. We send you a link to choose a new one; it works once and expires in
          an hour. You can also ask for a sign-in link by e-mail, which needs no password at all.
        </p>

        <h3>How do I change my e-mail address or delete my account?</h3>
        <p>
          Both are on the <Link to={pathOf('account')}>account settings</Link> page, along with your
          password and the devices you are signed in on.
        </p>

        <h3>What do the price, rating and play count mean?</h3>
        <p>
          The price is what the maker charges, in US dollars; &lsquo;Free&rsquo; means the game costs
          nothing to play. The rating is the average of players&apos; ratings out of five stars, shown
          with how many people rated it. The play count is how many times the game has been played.
        </p>

        <h3>How do I list my game?</h3>
        <p>
          Sign in and open <Link to={pathOf('submit-game')}>Submit a game</Link>. A draft is saved as
          you go; when you submit it, moderators review it before it is listed, and{' '}
          <Link to={pathOf('my-games')}>My games</Link> shows where it stands and any note they left.
          The <Link to={`${pathOf('about')}#listing`}>about page</Link> explains what they check.
        </p>

        <h3>Can I use a light theme?</h3>
        <p>
          Yes. The theme switch at the top of every page offers Dark, Light and System, which follows
          your device&apos;s setting. Your choice is remembered in this browser.
        </p>

        <h3>The site says the database can&apos;t be reached. What now?</h3>
        <p>
          The server cannot reach its database at the moment, usually for a few minutes while it is
          restarted or maintained. Wait a little and try again. If you run your own GameSource
          server, the <Link to={pathOf('supabase-setup')}>database setup page</Link> shows what the
          server can see.
        </p>

        <h2 id="report">How to report a game</h2>
        <p>
          If a listing is misleading, the game does not work, its content is offensive, or it uses
          work that belongs to you, e-mail <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> with:
        </p>
        <ul>
          <li>the address of the game&apos;s page on GameSource;</li>
          <li>what is wrong, as specifically as you can;</li>
          <li>if it concerns your rights, who you are and what you own.</li>
        </ul>
        <p>
          A moderator reads every report and replies by e-mail. While we look into a serious problem we
          may take the listing down.
        </p>

        <h2 id="terms">Terms of use</h2>
        <p>By creating a GameSource account you agree to these terms.</p>
        <ul>
          <li>
            <strong>Be honest.</strong> Describe games accurately, including what their AI does, and rate and
            review only games you have played.
          </li>
          <li>
            <strong>Be kind.</strong> Follow the <Link to={pathOf('community')}>community guidelines</Link>: no
            harassment, hate, spam or content unsuitable for everyone.
          </li>
          <li>
            <strong>Submit only what you may.</strong> When you list a game you confirm that you made it or may
            list it, and that you own or may use its cover art and description.
          </li>
          <li>
            <strong>Keep your account to yourself.</strong> One person per account; you are responsible for
            what is done with it. Pick a username that does not pretend to be GameSource or someone else.
          </li>
          <li>
            <strong>Moderation.</strong> Moderators may edit or remove listings and reviews that break these
            terms, and suspend accounts that keep doing so.
          </li>
          <li>
            <strong>Your data.</strong> We keep what the service needs: your e-mail address or phone number,
            name, username and sessions. You can delete your account at any time from the account settings;
            your private data is then deleted, and your public reviews stay, shown anonymously.
          </li>
        </ul>

        <h2>Contact</h2>
        <p>
          For anything else, from a question about a listing to a bug on this site, write to{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </Prose>
    </Screen>
  );
}
