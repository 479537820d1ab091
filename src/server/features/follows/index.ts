// What other features may call of follows.
export { notifyFollowers, type FollowedEvent } from './notify-followers';
export { followStateOf, gameFollowColumns } from './service';
