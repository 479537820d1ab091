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
          Yes: the <Link to={pathOf('games')}>catalogue</Link> and its <Link to={pathOf('categories')}>categories</Link> are for members. An
          account is free and takes a minute: <Link to={pathOf('login')}>sign in</Link> with your e-mail address and a password, or with any
          of the other ways the sign-in page offers.
        </p>

        <h3>I forgot my password. What now?</h3>
        <p>
          On the <Link to={pathOf('login')}>sign-in page</Link>, choose &lsquo;Forgot password?&rsquo; and enter your e-mail address. We
          send you a link to choose a new one; it works once and expires in an hour. You can also ask for a sign-in link by e-mail, which
          needs no password at all.
        </p>

        <h3>How do I change my e-mail address or delete my account?</h3>
        <p>
          Both are on the <Link to={pathOf('account')}>account settings</Link> page, along with your password and the devices you are signed
          in on.
        </p>

        <h3>What do the price, rating and play count mean?</h3>
        <p>
          The price is what the maker charges, in US dollars; &lsquo;Free&rsquo; means the game costs nothing to play. The rating is the
          average of players&apos; ratings out of five stars, shown with how many people rated it. The play count is how many times the game
          has been played.
        </p>

        <h3>How do I list my game?</h3>
        <p>
          Sign in and open <Link to={pathOf('submit-game')}>Submit a game</Link>. A draft is saved as you go; when you submit it, moderators
          review it before it is listed, and <Link to={pathOf('my-games')}>My games</Link> shows where it stands and any note they left. The{' '}
          <Link to={`${pathOf('about')}#listing`}>about page</Link> explains what they check.
        </p>

        <h3>Can I use a light theme?</h3>
        <p>
          Yes. The theme switch at the top of every page offers Dark, Light and System, which follows your device&apos;s setting. Your
          choice is remembered in this browser.
        </p>

        <h3>The site says the database can&apos;t be reached. What now?</h3>
        <p>
          The server cannot reach its database at the moment, usually for a few minutes while it is restarted or maintained. Wait a little
          and try again. If you run your own GameSource server, the <Link to={pathOf('supabase-setup')}>database setup page</Link> shows
          what the server can see.
        </p>

        <h2 id="report">How to report a game, a review, a list or a profile</h2>
        <p>
          Press <strong>Report</strong> beside it: on the game&apos;s page, under the review, on the public list or on the member&apos;s
          profile. Sign in first if you are asked to; you come back to the same page. Choose what is wrong (for a game also whether its AI
          disclosure is wrong or its AI output harmful), add a note of up to 1,000 characters if it helps, and send it. The page says when
          your report has arrived, and the bell tells you the outcome.
        </p>
        <p>
          A moderator reads every report. If the item breaks the community guidelines they remove it or act on its author, who is told what
          was done and why. You can report each item once while your report is open.
        </p>
        <p>
          If it concerns work that belongs to you, or you cannot use the Report action, e-mail{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> with the address of the page, what is wrong, and who you are and what you
          own.
        </p>

        <h2 id="terms">Terms of use</h2>
        <p>By creating a GameSource account you agree to these terms.</p>
        <ul>
          <li>
            <strong>Be honest.</strong> Describe games accurately, including what their AI does, and rate and review only games you have
            played.
          </li>
          <li>
            <strong>Be kind.</strong> Follow the <Link to={pathOf('community')}>community guidelines</Link>: no harassment, hate, spam or
            content unsuitable for everyone.
          </li>
          <li>
            <strong>Submit only what you may.</strong> When you list a game you confirm that you made it or may list it, and that you own or
            may use its cover art and description.
          </li>
          <li>
            <strong>Keep your account to yourself.</strong> One person per account; you are responsible for what is done with it. Pick a
            username that does not pretend to be GameSource or someone else.
          </li>
          <li>
            <strong>Moderation.</strong> Moderators may edit or remove listings and reviews that break these terms, and suspend accounts
            that keep doing so.
          </li>
          <li>
            <strong>Your data.</strong> We keep what the service needs: your e-mail address or phone number, name, username and sessions.
            You can delete your account at any time from the account settings; your private data is then deleted, and your public reviews
            stay, shown anonymously.
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
