import { UpcomingFeature } from '../../components/upcoming-feature';

export default function ProfileSetupScreen() {
  return (
    <UpcomingFeature title="Set up your profile">
      Here you will choose the name and picture other players see next to your reviews and the games
      you list. Profiles arrive in an upcoming release.
    </UpcomingFeature>
  );
}
