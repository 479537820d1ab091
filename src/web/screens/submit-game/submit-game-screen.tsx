import { UpcomingFeature } from '../../components/upcoming-feature';

export default function SubmitGameScreen() {
  return (
    <UpcomingFeature title="Submit a game">
      Makers will use this page to list a game: describe it, choose its categories and add cover art,
      then send it to our moderators, who review every submission before it is listed. Submissions open
      in an upcoming release.
    </UpcomingFeature>
  );
}
