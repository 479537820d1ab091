import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { userTopic } from '../../../shared/live';
import { draftSchema, editableStatuses, submissionStatusLabels } from '../../../shared/submissions';
import type { Actor } from '../../auth/session';
import { requireGoodStanding } from '../../auth/standing';
import type { Db } from '../../db/client';
import { games, submissions } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { publish } from '../../live/publish';
import { ownSubmission } from './service';

/**
 * The game a submission's web build belongs to: the listed game it edits, or for a new game an
 * unlisted row made on first use, which the submission's first approval lists (decision 0074).
 * The same id every time: the submission's row is locked while the game is made.
 */
export async function buildGameOf(db: Db, actor: Actor, submissionId: number): Promise<number> {
  requireGoodStanding(actor);
  const row = await ownSubmission(db, actor, submissionId);
  const known = row.gameId ?? row.buildGameId;
  if (known !== null) return known;
  if (!editableStatuses.includes(row.status)) {
    throw new AppError(
      'failed-precondition',
      `This submission is “${submissionStatusLabels[row.status]}”: a build can be added while it is a draft or being changed.`,
    );
  }
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ buildGameId: submissions.buildGameId })
      .from(submissions)
      .where(eq(submissions.id, submissionId))
      .for('update');
    if (locked?.buildGameId) return locked.buildGameId;
    const title = draftSchema.safeParse(row.payload).data?.title || 'Untitled game';
    const [game] = await tx
      .insert(games)
      .values({
        // Never shown: the first approval gives it the slug of its title.
        slug: `unlisted-${submissionId}-${randomUUID()}`,
        title,
        tagline: '',
        description: '',
        imagePath: '',
        imageAlt: '',
        releaseDate: new Date().toISOString().slice(0, 10),
        developer: actor.name,
        ownerId: actor.id,
        status: 'draft',
      })
      .returning({ id: games.id });
    await tx.update(submissions).set({ buildGameId: game!.id }).where(eq(submissions.id, submissionId));
    await publish(tx, userTopic(actor.id), { kind: 'submission', id: submissionId });
    return game!.id;
  });
}
