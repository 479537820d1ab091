import { z } from 'zod';

export const databaseKinds = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof databaseKinds)[number];

export const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    kind: z.enum(databaseKinds),
    schemaVersion: z.string(),
    latencyMs: z.number(),
  }),
});
export type Health = z.infer<typeof healthSchema>;

/** What /supabase-setup shows: the backend, whether it answers, and its migrations. */
export const databaseStatusSchema = z.object({
  kind: z.enum(databaseKinds),
  latencyMs: z.number(),
  applied: z.array(z.string()),
  pending: z.array(z.string()),
});
export type DatabaseStatus = z.infer<typeof databaseStatusSchema>;
