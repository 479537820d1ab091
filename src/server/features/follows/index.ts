// What other features may call of follows.
export { notifyFollowers, type FollowedEvent } from './notify-followers';
export { followGame, followMaker, followStateOf, gameFollowColumns, unfollowGame, unfollowMaker } from './service';
