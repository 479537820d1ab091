import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import type { OnboardingStep } from '../../../shared/profiles';
import { FormAlert } from '../../components/forms/form-messages';
import { Screen } from '../../components/screen';
import { cardStyle } from '../../components/styles';
import { forYouHref, onboardingQuery, useSaveOnboardingStep } from '../../lib/profiles';
import { OnboardingProgress } from './onboarding-progress';
import { CategoriesStep, DoneStep, ProfileStep, WelcomeStep } from './onboarding-steps';

export default function OnboardingScreen() {
  return (
    <Screen>
      <div className="mx-auto max-w-4xl">
        <Suspense fallback={<OnboardingSkeleton />}>
          <Onboarding />
        </Suspense>
      </div>
    </Screen>
  );
}

/** The steps in order; each can be skipped, and the server remembers where the user got to. */
function Onboarding() {
  const { data } = useSuspenseQuery(onboardingQuery());
  const [step, setStep] = useState<OnboardingStep>(data.step);
  const save = useSaveOnboardingStep();
  const navigate = useNavigate();

  const goTo = (next: OnboardingStep) => {
    save.mutate(next, {
      onSuccess: () => {
        setStep(next);
        if (next === 'done') navigate(forYouHref);
        window.scrollTo({ top: 0 });
      },
    });
  };

  return (
    <>
      <OnboardingProgress current={step} />
      <FormAlert>{save.error ? `We could not save your progress: ${save.error.message}` : undefined}</FormAlert>
      <div className={`${cardStyle} mt-4 p-6 sm:p-10`}>
        {step === 'welcome' && <WelcomeStep onNext={() => goTo('categories')} onSkipAll={() => goTo('done')} pending={save.isPending} />}
        {step === 'categories' && <CategoriesStep onNext={() => goTo('profile')} onBack={() => goTo('welcome')} pending={save.isPending} />}
        {step === 'profile' && <ProfileStep onNext={() => goTo('done')} onBack={() => goTo('categories')} pending={save.isPending} />}
        {step === 'done' && <DoneStep onRestart={() => goTo('welcome')} pending={save.isPending} />}
      </div>
    </>
  );
}

function OnboardingSkeleton() {
  return (
    <div role="status" className={`${cardStyle} h-80 animate-pulse bg-raised`}>
      <span className="sr-only">Loading onboarding…</span>
    </div>
  );
}
