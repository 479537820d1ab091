import { UpcomingFeature } from '../../components/upcoming-feature';

export default function SignupScreen() {
  return (
    <UpcomingFeature title="Create an account">
      This is where you will create a GameSource account to review games and list your own. Accounts
      arrive in an upcoming release.
    </UpcomingFeature>
  );
}
