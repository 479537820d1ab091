import { UpcomingFeature } from '../../components/upcoming-feature';

export default function LogoutScreen() {
  return (
    <UpcomingFeature title="Sign out">
      This page will end your session on this device. Accounts arrive in an upcoming release, so there
      is nothing to sign out of yet.
    </UpcomingFeature>
  );
}
