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
