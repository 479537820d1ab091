import type { Db } from '../../db/client';
import { audienceOf, notify, type NewNotification } from '../notifications';
import { followersOf } from './service';

export type FollowedEvent =
  | { kind: 'maker-listed-game'; makerId: string; makerName: string; gameId: number; title: string }
  | { kind: 'game-updated'; gameId: number; title: string }
  | { kind: 'update-posted'; gameId: number; title: string; makerId: string; makerName: string; updateId: number };

function noticeOf(event: FollowedEvent): NewNotification {
  const link = `/game-detail?id=${event.gameId}`;
  // The post's own words stay off the bell and out of e-mail: a removed post is then shown nowhere (decision 0066).
  if (event.kind === 'update-posted') {
    return {
      kind: 'followed-update-posted',
      title: `${event.title} has an update`,
      body: `${event.makerName} posted an update about “${event.title}”.`,
      link: `${link}#update-${event.updateId}`,
    };
  }
  return event.kind === 'maker-listed-game'
    ? {
        kind: 'followed-maker-game',
        title: `${event.makerName} listed a new game`,
        body: `${event.makerName}, whom you follow, listed “${event.title}”.`,
        link,
      }
    : {
        kind: 'followed-game-updated',
        title: `${event.title} was updated`,
        body: `“${event.title}”, which you follow, has been updated.`,
        link,
      };
}

/** A new game reaches the maker's followers, an approved edit the game's, an update post both (the maker aside). */
async function whoHears(tx: Db, event: FollowedEvent): Promise<string[]> {
  if (event.kind === 'maker-listed-game') return followersOf(tx, { makerId: event.makerId });
  if (event.kind === 'game-updated') return followersOf(tx, { gameId: event.gameId });
  const ofGame = await followersOf(tx, { gameId: event.gameId });
  const ofMaker = await followersOf(tx, { makerId: event.makerId });
  return [...new Set([...ofGame, ...ofMaker])].filter((id) => id !== event.makerId);
}

/**
 * Tells the followers, in the transaction that listed or updated the game or posted about it: on the bell for
 * those who keep it on, and answers who asked for e-mail (sent after commit).
 */
export async function notifyFollowers(tx: Db, event: FollowedEvent): Promise<{ notification: NewNotification; email: string[] }> {
  const followers = await whoHears(tx, event);
  const notification = noticeOf(event);
  const audience = await audienceOf(tx, followers, 'following');
  for (const userId of audience.bell) await notify(tx, userId, notification);
  return { notification, email: audience.email };
}
