// "Still works" statuses and their labels (decision 0067), with no Zod: the game page's first
// paint shows them, and its chunk must not take the schema library in.

export const workStatuses = ['working', 'having-problems', 'not-working'] as const;
export type WorkStatus = (typeof workStatuses)[number];

export const workStatusLabels: Record<WorkStatus, string> = {
  working: 'Working',
  'having-problems': 'Having problems',
  'not-working': 'Not working',
};
