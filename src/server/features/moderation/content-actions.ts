import { eq } from 'drizzle-orm';
import type { ReportAction, ReportKind } from '../../../shared/reports';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { setListPublic } from '../documents';
import { removeReply, removeReview, restoreReply, restoreReview, type KeptReply, type KeptReview } from '../reviews';
import { removeUpdate, restoreUpdate, type KeptUpdate } from '../updates';
import type { BanKept } from './account-standing';
import { setGameListed } from './holds';

/** A profile as it was before a moderator reset it. */
interface KeptProfile {
  name: string;
  image: string | null;
  bio: string;
  website: string;
  links: string[];
}

/**
 * What a decision took away that an overturned appeal can put back; kept on the decision row
 * (moderation_decisions.kept). A list made private or a game unlisted needs nothing kept.
 */
export interface Kept extends BanKept {
  review?: KeptReview;
  reply?: KeptReply;
  update?: KeptUpdate;
  profile?: KeptProfile;
}

/** A moderator's removal of a profile: the name, bio, links and picture go back to plain defaults. */
async function resetProfile(tx: Db, userId: string): Promise<KeptProfile | undefined> {
  const [row] = await tx
    .select({
      name: users.name,
      username: users.username,
      image: users.image,
      bio: profiles.bio,
      website: profiles.website,
      links: profiles.links,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  await tx
    .update(users)
    .set({ name: row.username ?? 'Member', image: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await tx.update(profiles).set({ bio: '', website: '', links: [], updatedAt: new Date() }).where(eq(profiles.userId, userId));
  return { name: row.name, image: row.image, bio: row.bio ?? '', website: row.website ?? '', links: row.links ?? [] };
}

async function restoreProfile(tx: Db, userId: string, kept: KeptProfile): Promise<void> {
  await tx.update(users).set({ name: kept.name, image: kept.image, updatedAt: new Date() }).where(eq(users.id, userId));
  await tx
    .update(profiles)
    .set({ bio: kept.bio, website: kept.website, links: kept.links, updatedAt: new Date() })
    .where(eq(profiles.userId, userId));
}

/** Does a queue decision's action to the item; answers what it took away, for the decision row. */
export async function applyToContent(tx: Db, kind: ReportKind, targetId: string, action: ReportAction): Promise<Kept | null> {
  if (action === 'unlist') {
    await setGameListed(tx, Number(targetId), false);
    return null;
  }
  if (action !== 'remove') return null;
  if (kind === 'review') return { review: await removeReview(tx, Number(targetId)) };
  if (kind === 'reply') return { reply: await removeReply(tx, Number(targetId)) };
  if (kind === 'update') return { update: await removeUpdate(tx, Number(targetId)) };
  if (kind === 'list') await setListPublic(tx, targetId, false);
  if (kind === 'profile') return { profile: await resetProfile(tx, targetId) };
  return null;
}

/**
 * Puts back what a removal took, for an overturned appeal; answers what the author is told.
 * A review or reply comes back as it was unless its author has posted another since.
 */
export async function undoRemoval(tx: Db, kind: ReportKind, targetId: string, kept: Kept | null): Promise<string> {
  if (kind === 'review') {
    const back = kept?.review && (await restoreReview(tx, kept.review));
    return back
      ? 'Your review is back on the game page.'
      : 'Your review could not be put back (you have reviewed the game again since, or it is gone): you can post it again.';
  }
  if (kind === 'reply') {
    const back = kept?.reply && (await restoreReply(tx, kept.reply));
    return back
      ? 'Your reply is back under the review.'
      : 'Your reply could not be put back (you have replied again since, or the review is gone): you can post it again.';
  }
  if (kind === 'update') {
    const back = kept?.update && (await restoreUpdate(tx, kept.update));
    return back ? 'Your update is back on the game page.' : 'Your update could not be put back (the game is gone).';
  }
  if (kind === 'list') {
    await setListPublic(tx, targetId, true);
    return 'Your list is public again.';
  }
  if (kind === 'profile' && kept?.profile) {
    await restoreProfile(tx, targetId, kept.profile);
    return "Your profile's name, bio, links and picture are back.";
  }
  return '';
}
