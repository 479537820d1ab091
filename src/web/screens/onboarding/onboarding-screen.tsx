import { UpcomingFeature } from '../../components/upcoming-feature';

export default function OnboardingScreen() {
  return (
    <UpcomingFeature title="Welcome to GameSource">
      Onboarding will help new members pick the categories they care about, so the catalogue can show
      them the games they are most likely to enjoy. It arrives in an upcoming release.
    </UpcomingFeature>
  );
}
