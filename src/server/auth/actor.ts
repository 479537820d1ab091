import type { UserRole } from '../../shared/accounts';
import type { Suspension } from '../../shared/reports';

/** The signed-in user as our services see it. */
export interface Actor {
  id: string;
  email: string;
  name: string;
  username: string | null;
  /** The profile picture's path, or null: the header shows it. */
  image: string | null;
  role: UserRole;
  emailVerified: boolean;
  signupComplete: boolean;
  /** Set while a moderator's suspension lasts: the member reads but does not post (auth/standing.ts). */
  suspension: Suspension | null;
}
