/** A member's data, theirs to take: nothing here is for other features. */
export { exportMemberData } from './service';
