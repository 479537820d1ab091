import type { ReactNode } from 'react';

/** Wraps every guarded route. */
export function RequireAuth({ children }: { children: ReactNode }) {
  // For now it lets everyone through: the real sign-in check arrives with accounts in the next issue.
  return children;
}
