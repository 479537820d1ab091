import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { MAX_FAVOURITE_CATEGORIES } from '../../../shared/profiles';
import { CategoryPicker, CategoryPickerSkeleton } from '../../components/category-picker';
import { ProfileForm } from '../../components/profile/profile-form';
import { ProfileFormSkeleton } from '../../components/profile/profile-form-skeleton';
import { buttonStyles, linkButtonStyle } from '../../components/styles';
import { forYouHref, ownProfileQuery } from '../../lib/profiles';

interface StepProps {
  onNext: () => void;
  onBack: () => void;
  pending: boolean;
}

function StepHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <header className="mb-8 max-w-2xl">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
      <div className="mt-3 text-lg text-muted">{children}</div>
    </header>
  );
}

function StepActions({ children }: { children: ReactNode }) {
  return <div className="mt-8 flex flex-wrap items-center gap-4">{children}</div>;
}

function SkipButton({ onClick, pending, children }: { onClick: () => void; pending: boolean; children: ReactNode }) {
  return (
    <button type="button" className={linkButtonStyle} disabled={pending} onClick={onClick}>
      {children}
    </button>
  );
}

export function WelcomeStep({ onNext, onSkipAll, pending }: { onNext: () => void; onSkipAll: () => void; pending: boolean }) {
  return (
    <>
      <StepHeading title="Welcome to GameSource">
        GameSource gathers games built around AI: characters who remember you, opponents that learn, worlds written as you play. Two quick
        steps make it yours: pick the kinds of games you like, then tell other players who you are. You can skip either and come back later.
      </StepHeading>
      <StepActions>
        <button type="button" className={buttonStyles.primary} disabled={pending} onClick={onNext}>
          Get started
        </button>
        <SkipButton onClick={onSkipAll} pending={pending}>
          Skip onboarding
        </SkipButton>
      </StepActions>
    </>
  );
}

export function CategoriesStep({ onNext, onBack, pending }: StepProps) {
  return (
    <>
      <StepHeading title="What do you like to play?">
        Pick up to {MAX_FAVOURITE_CATEGORIES} categories. Your home page will suggest games from them, and you can change them any time on
        the Categories page.
      </StepHeading>
      <Suspense fallback={<CategoryPickerSkeleton />}>
        <CategoryPicker headingLevel="h2" />
      </Suspense>
      <StepActions>
        <button type="button" className={buttonStyles.primary} disabled={pending} onClick={onNext}>
          Continue
        </button>
        <SkipButton onClick={onNext} pending={pending}>
          Skip this step
        </SkipButton>
        <SkipButton onClick={onBack} pending={pending}>
          Back
        </SkipButton>
      </StepActions>
    </>
  );
}

export function ProfileStep({ onNext, onBack, pending }: StepProps) {
  return (
    <>
      <StepHeading title="Set up your profile">
        The name and picture other players see next to your reviews and the games you list. Everything here is optional except your name.
      </StepHeading>
      <Suspense fallback={<ProfileFormSkeleton />}>
        <ProfileStepForm onSaved={onNext} />
      </Suspense>
      <StepActions>
        <SkipButton onClick={onNext} pending={pending}>
          Skip this step
        </SkipButton>
        <SkipButton onClick={onBack} pending={pending}>
          Back
        </SkipButton>
      </StepActions>
    </>
  );
}

function ProfileStepForm({ onSaved }: { onSaved: () => void }) {
  const { data: profile } = useSuspenseQuery(ownProfileQuery());
  return <ProfileForm profile={profile} submitLabel="Save and finish" onSaved={onSaved} />;
}

export function DoneStep({ onRestart, pending }: { onRestart: () => void; pending: boolean }) {
  return (
    <>
      <StepHeading title="You are all set">
        Your home page now has games picked for you. Change your categories or your profile whenever you like.
      </StepHeading>
      <StepActions>
        <Link to={forYouHref} className={buttonStyles.primary}>
          See games for you
        </Link>
        <SkipButton onClick={onRestart} pending={pending}>
          Go through onboarding again
        </SkipButton>
      </StepActions>
    </>
  );
}
