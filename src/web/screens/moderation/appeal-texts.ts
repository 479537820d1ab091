import type { AppealQueueItem } from '../../../shared/appeals';
import type { ReportKind } from '../../../shared/reports';

type Decision = AppealQueueItem['decision'];

const removed: Record<ReportKind, string> = {
  game: 'Unlisted the game',
  review: 'Removed the review',
  list: 'Made the list private',
  profile: 'Reset the profile',
  reply: 'Removed the maker’s reply',
  update: 'Removed the maker’s update',
};

const days = (n: number | null) => (n === 1 ? '1 day' : `${n ?? '?'} days`);

/** What the first moderator did, in a moderator's words: "Removed the review". */
export function decisionWords(decision: Decision): string {
  const who = decision.targetKind ? 'the author' : 'the member';
  switch (decision.action) {
    case 'remove':
      return removed[decision.targetKind ?? 'review'];
    case 'unlist':
      return 'Unlisted the game';
    case 'warn':
      return `Warned ${who}`;
    case 'suspend':
      return `Suspended ${who} for ${days(decision.suspendDays)}`;
    case 'ban':
      return `Banned ${who}`;
    default:
      return 'Decided';
  }
}

/** What an overturn puts back, said before the moderator chooses it (decision 0058). */
export function overturnWords(decision: Decision): string {
  switch (decision.action) {
    case 'remove':
      return decision.targetKind === 'list'
        ? 'the list is made public again'
        : decision.targetKind === 'profile'
          ? 'the profile gets its name, bio, links and picture back'
          : 'it is put back as it was';
    case 'unlist':
      return 'the game is listed again';
    case 'warn':
      return 'the warning is withdrawn';
    case 'suspend':
      return 'the suspension is lifted';
    case 'ban':
      return 'the ban is lifted and the games it unlisted are listed again';
    default:
      return 'the decision is undone';
  }
}
