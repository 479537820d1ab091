import { eq } from 'drizzle-orm';
import { userTopic } from '../../../shared/live';
import type { OnboardingStep } from '../../../shared/profiles';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { publish } from '../../live/publish';

/** Where the user is in onboarding; a user who never started is at the welcome. */
export async function getOnboardingStep(db: Db, actor: Actor): Promise<OnboardingStep> {
  const [row] = await db.select({ step: profiles.onboardingStep }).from(profiles).where(eq(profiles.userId, actor.id));
  return row?.step ?? 'welcome';
}

/** Remembers the step to resume at (any step: skipping forwards and going back are both allowed). */
export async function setOnboardingStep(db: Db, actor: Actor, step: OnboardingStep): Promise<OnboardingStep> {
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .insert(profiles)
      .values({ userId: actor.id, onboardingStep: step, updatedAt: now })
      .onConflictDoUpdate({ target: profiles.userId, set: { onboardingStep: step, updatedAt: now } });
    await publish(tx, userTopic(actor.id), { kind: 'onboarding' });
  });
  return step;
}
