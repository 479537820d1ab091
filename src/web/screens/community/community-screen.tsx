import { Link } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { PageIntro } from '../../components/page-intro';
import { Prose } from '../../components/prose';
import { Screen } from '../../components/screen';

export default function CommunityScreen() {
  return (
    <Screen>
      <PageIntro title="Community" eyebrow="Community">
        GameSource is shaped by the players who rate and review games and the makers who list them. These guidelines keep it useful and
        friendly for both.
      </PageIntro>
      <Prose>
        <h2>Guidelines for reviews</h2>
        <ul>
          <li>
            <strong>Review the game you played.</strong> Say what playing it was like, what the AI did well and where it fell short.
            Specific details help other players far more than a verdict.
          </li>
          <li>
            <strong>Write in your own words.</strong> A review is your experience; do not paste text generated for you or copied from
            elsewhere.
          </li>
          <li>
            <strong>Criticise the game, not people.</strong> No insults, harassment or hate toward makers, players or other reviewers.
          </li>
          <li>
            <strong>Warn before spoilers.</strong> Many of these games are built on surprises; mark plot details clearly at the start of
            your review.
          </li>
          <li>
            <strong>Say if you are connected to the game.</strong> If you worked on it, know the team or were given a free copy, mention it.
            Makers do not review their own games or mark their reviews helpful.
          </li>
          <li>
            <strong>Keep it about the game.</strong> No advertising, referral links or personal details, yours or anyone else&apos;s.
          </li>
        </ul>

        <h2>Ratings</h2>
        <p>
          Games are rated out of five stars. Each game page shows the average rating and how many people have rated it, so you can tell a
          handful of opinions from thousands.
        </p>

        <h2>For makers</h2>
        <p>
          Reply to reviews with thanks, fixes and clarifications rather than arguments. Do not offer rewards in exchange for ratings or
          reviews, and do not ask friends to post them.
        </p>

        <h2>Moderation</h2>
        <p>
          Moderators review every game before it is listed (never their own: another moderator decides on those) and remove reviews that
          break these guidelines.
        </p>
        <h3 id="report">Reporting</h3>
        <p>
          If you see something that does not belong, press <strong>Report</strong> beside it: on a game&apos;s page, under each review, on a
          public list or on a member&apos;s profile. Choose a reason (spam or advertising, harassment or hate, sexual content, violence,
          personal information, stolen work, or, for a game, a wrong AI disclosure or harmful AI output), add a note if it helps, and send
          it. You need to be signed in. A moderator reads every report, never one about their own content, and you hear the outcome on the
          bell, without who decided.
        </p>
        <p>
          A moderator can dismiss a report, remove what was reported (a list is made private, a profile&apos;s name, bio, links and picture
          are reset), unlist a game, warn its author, or suspend them for 1, 7 or 30 days or ban them. The author is told what was done and
          why. A suspended member can sign in and read but not post until the suspension ends; a banned member cannot sign in. See the{' '}
          <Link to={`${pathOf('support')}#report`}>support page</Link> for anything else.
        </p>
        <p>
          Members rate and review games on each game&apos;s page, one review per game, which they can edit or delete at any time; other
          members can mark a review as helpful.
        </p>
      </Prose>
    </Screen>
  );
}
