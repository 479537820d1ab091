import { UpcomingFeature } from '../../components/upcoming-feature';

export default function LoginScreen() {
  return (
    <UpcomingFeature title="Sign in">
      Signing in will let you rate and review games, keep favourites and submit the games you make.
      Accounts arrive in an upcoming release; until then the whole catalogue is open to browse.
    </UpcomingFeature>
  );
}
