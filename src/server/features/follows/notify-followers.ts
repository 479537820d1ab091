import type { Db } from '../../db/client';
import { audienceOf, notify, type NewNotification } from '../notifications';
import { followersOf } from './service';

export type FollowedEvent =
  | { kind: 'maker-listed-game'; makerId: string; makerName: string; gameId: number; title: string }
  | { kind: 'game-updated'; gameId: number; title: string };

function noticeOf(event: FollowedEvent): NewNotification {
  const link = `/game-detail?id=${event.gameId}`;
  return event.kind === 'maker-listed-game'
    ? { kind: 'followed-maker-game', title: `${event.makerName} listed a new game`, body: `${event.makerName}, whom you follow, listed “${event.title}”.`, link }
    : { kind: 'followed-game-updated', title: `${event.title} was updated`, body: `“${event.title}”, which you follow, has been updated.`, link };
}

/**
 * Tells the followers, in the transaction that listed or updated the game: on the bell for
 * those who keep it on, and answers who asked for e-mail (sent after commit).
 */
export async function notifyFollowers(tx: Db, event: FollowedEvent): Promise<{ notification: NewNotification; email: string[] }> {
  const followers = await followersOf(tx, event.kind === 'maker-listed-game' ? { makerId: event.makerId } : { gameId: event.gameId });
  const notification = noticeOf(event);
  const audience = await audienceOf(tx, followers, 'following');
  for (const userId of audience.bell) await notify(tx, userId, notification);
  return { notification, email: audience.email };
}
