import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { PageIntro } from '../../components/page-intro';
import { ProfileForm } from '../../components/profile/profile-form';
import { ProfileFormSkeleton } from '../../components/profile/profile-form-skeleton';
import { Screen } from '../../components/screen';
import { cardStyle, textLinkStyle } from '../../components/styles';
import { ownProfileQuery, profileHref } from '../../lib/profiles';

export default function ProfileSetupScreen() {
  return (
    <Screen>
      <div className="mx-auto max-w-2xl">
        <PageIntro title="Set up your profile">What other players see next to your reviews and the games you list.</PageIntro>
        <Suspense fallback={<ProfileFormSkeleton />}>
          <ProfileSetup />
        </Suspense>
      </div>
    </Screen>
  );
}

function ProfileSetup() {
  const { data: profile } = useSuspenseQuery(ownProfileQuery());
  return (
    <div className={`${cardStyle} p-6 sm:p-8`}>
      <ProfileForm profile={profile} submitLabel="Save profile" />
      <p className="mt-6 text-sm text-muted">
        <Link to={profileHref(profile.id)} className={textLinkStyle}>
          See your public profile
        </Link>
      </p>
    </div>
  );
}
