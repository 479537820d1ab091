import { z } from 'zod';

export const databaseKinds = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof databaseKinds)[number];

/** Liveness: the process answers. Nothing in it comes from the database (see /api/ready). */
export const healthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({ kind: z.enum(databaseKinds) }),
});
export type Health = z.infer<typeof healthSchema>;

const readinessCheckSchema = z.object({ ready: z.boolean(), detail: z.string() });

/** Readiness: whether this server can answer requests now, and if not, what is missing. */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.object({
    database: readinessCheckSchema,
    migrations: readinessCheckSchema,
    catalogue: readinessCheckSchema,
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;
export type ReadinessCheck = z.infer<typeof readinessCheckSchema>;

/** What /supabase-setup shows: the backend, whether it answers, and its migrations. */
export const databaseStatusSchema = z.object({
  kind: z.enum(databaseKinds),
  latencyMs: z.number(),
  applied: z.array(z.string()),
  pending: z.array(z.string()),
});
export type DatabaseStatus = z.infer<typeof databaseStatusSchema>;
