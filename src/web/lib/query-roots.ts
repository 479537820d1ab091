// The roots the areas' keys grow from. A live event or a staff decision invalidates a root, so a
// key built on it cannot drift out of what that refreshes (lib/live.ts).

/** The signed-in member's own data: their user topic refreshes all of it. */
export const memberRoot = ['me'] as const;

/** The staff's queues and log: every decision refreshes all of them. */
export const moderationRoot = ['moderation'] as const;
