import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PublicProfile } from '../../../shared/profiles';
import { pathOf } from '../../../shared/routes';
import { Avatar } from '../../components/avatar';
import { FollowButton } from '../../components/follow-button';
import { NotInterestedButton } from '../../components/not-interested-button';
import { PageIntro } from '../../components/page-intro';
import { ReportButton } from '../../components/reports/report-button';
import { Screen } from '../../components/screen';
import { buttonStyles, cardStyle, textLinkStyle } from '../../components/styles';
import { publicProfileQuery } from '../../lib/profiles';
import { useAuth } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ProfileGames, ProfileReviews } from './profile-lists';

const memberSince = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

/** Anyone's public profile: `/profile?id=<user id>`. */
export default function ProfileScreen() {
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  return (
    <Screen>
      {id ? (
        <Suspense fallback={<ProfileSkeleton />}>
          <Profile id={id} />
        </Suspense>
      ) : (
        <NoProfile />
      )}
    </Screen>
  );
}

function Profile({ id }: { id: string }) {
  const { data: profile } = useSuspenseQuery(publicProfileQuery(id));
  useDocumentTitle(profile ? profile.name : 'Profile not found');
  if (!profile) return <NoProfile />;
  return (
    <div className="space-y-12">
      <ProfileHeader profile={profile} />
      <ProfileGames userId={profile.id} />
      <ProfileReviews userId={profile.id} />
    </div>
  );
}

function ProfileHeader({ profile }: { profile: PublicProfile }) {
  const { user } = useAuth();
  return (
    <header className={`${cardStyle} flex flex-col gap-6 p-6 sm:flex-row sm:p-8`}>
      <Avatar name={profile.name} image={profile.image} size="lg" />
      <div className="min-w-0 flex-1 space-y-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink">{profile.name}</h1>
          <p className="text-sm text-muted">
            {profile.username && <span className="mr-3">@{profile.username}</span>}
            Member since {memberSince.format(new Date(profile.memberSince))}
          </p>
        </div>
        {profile.bio && <p className="max-w-2xl whitespace-pre-line text-ink">{profile.bio}</p>}
        <ProfileLinks profile={profile} />
        {user?.id !== profile.id && (
          <div className="flex flex-wrap items-center gap-3">
            <FollowButton target={{ kind: 'maker', id: profile.id }} name={profile.name} />
            {user && <NotInterestedButton target={{ kind: 'maker', id: profile.id }} name={profile.name} />}
            <ReportButton kind="profile" targetId={profile.id} name={`${profile.name}’s profile`} />
          </div>
        )}
        {user?.id === profile.id && (
          <Link to={pathOf('profile-setup')} className={buttonStyles.secondary}>
            Edit your profile
          </Link>
        )}
      </div>
    </header>
  );
}

function ProfileLinks({ profile }: { profile: PublicProfile }) {
  const links = [profile.website, ...profile.links].filter(Boolean);
  if (links.length === 0) return null;
  return (
    <ul aria-label="Links" className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
      {links.map((link) => (
        <li key={link} className="min-w-0 max-w-full truncate">
          <a href={link} target="_blank" rel="noopener noreferrer nofollow ugc" className={textLinkStyle}>
            {displayUrl(link)}
          </a>
        </li>
      ))}
    </ul>
  );
}

function displayUrl(link: string): string {
  const url = new URL(link);
  return `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
}

function NoProfile() {
  return (
    <div className={`${cardStyle} mx-auto max-w-2xl p-6 sm:p-10`}>
      <PageIntro title="Profile not found">There is no member at this address. The link may be out of date.</PageIntro>
      <Link to={pathOf('home')} className={buttonStyles.primary}>
        Back to home
      </Link>
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div role="status" className={`${cardStyle} h-48 animate-pulse bg-raised`}>
      <span className="sr-only">Loading profile…</span>
    </div>
  );
}
