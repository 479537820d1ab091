import type { OnboardingStep } from '../../../shared/profiles';

export const progressSteps = [
  { step: 'welcome', label: 'Welcome' },
  { step: 'categories', label: 'Categories' },
  { step: 'profile', label: 'Profile' },
] as const satisfies readonly { step: OnboardingStep; label: string }[];

/** Where the user is among the three steps; all three count as done once onboarding is. */
export function OnboardingProgress({ current }: { current: OnboardingStep }) {
  const position = current === 'done' ? progressSteps.length : progressSteps.findIndex((item) => item.step === current);
  return (
    <nav aria-label="Onboarding progress" className="mb-8">
      <p className="mb-3 text-sm font-medium text-muted">
        {current === 'done' ? 'All steps done' : `Step ${position + 1} of ${progressSteps.length}`}
      </p>
      <ol className="grid grid-cols-3 gap-2">
        {progressSteps.map((item, index) => {
          const state = index < position ? 'done' : index === position ? 'current' : 'todo';
          return (
            <li key={item.step} aria-current={state === 'current' ? 'step' : undefined} className="space-y-2">
              <span aria-hidden="true" className={`block h-1.5 rounded-full ${state === 'todo' ? 'bg-raised' : 'bg-accent'}`} />
              <span className={`block text-sm ${state === 'current' ? 'font-semibold text-ink' : 'text-muted'}`}>
                {item.label}
                {state === 'done' && <span className="sr-only"> (done)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
