import { useSearchParams } from 'react-router';
import { FormAlert } from '../../components/forms/form-messages';
import { PageIntro } from '../../components/page-intro';
import { Screen } from '../../components/screen';
import { useAuth } from '../../lib/session';
import { ChangeEmailSection } from './change-email-section';
import { ChangePasswordSection } from './change-password-section';
import { DecisionsSection } from './decisions-section';
import { DeleteAccountSection } from './delete-account-section';
import { ExportSection } from './export-section';
import { NotInterestedSection } from './not-interested-section';
import { NotificationsSection } from './notifications-section';
import { ProfileSummary } from './profile-summary';
import { SessionsSection } from './sessions-section';

/** A confirmation link of an e-mail change lands here with `?error=` when it failed. */
function linkErrorMessage(code: string | null): string | undefined {
  if (!code) return undefined;
  if (code === 'token_expired') return 'That confirmation link has expired. Ask for the change again.';
  return 'That confirmation link is not valid or has already been used. Ask for the change again.';
}

export default function AccountScreen() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  // The guard lets only signed-in users in.
  if (!user) return null;
  return (
    <Screen>
      <PageIntro title="Account settings">Your sign-in details, your devices and your data.</PageIntro>
      <div className="max-w-3xl space-y-6">
        <FormAlert>{linkErrorMessage(params.get('error'))}</FormAlert>
        <ProfileSummary user={user} />
        <ChangePasswordSection user={user} />
        <ChangeEmailSection user={user} />
        <NotificationsSection />
        <NotInterestedSection />
        <SessionsSection />
        <DecisionsSection />
        <ExportSection />
        <DeleteAccountSection />
      </div>
    </Screen>
  );
}
