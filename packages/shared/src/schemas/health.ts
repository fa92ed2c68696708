import * as z from 'zod/mini';

/** Liveness: the process answers. The database round trip is reported, not required. */
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    dialect: z.enum(['sqlite', 'postgres']),
    status: z.enum(['up', 'down']),
    latencyMs: z.number(),
  }),
});
export type Health = z.infer<typeof HealthSchema>;

const CheckSchema = z.object({
  status: z.enum(['up', 'down']),
  latencyMs: z.number(),
});

/** Readiness, for load balancers: every service this instance needs answers (503 otherwise). */
export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({
    database: CheckSchema,
    /** Only when REDIS_URL is set. */
    redis: z.optional(CheckSchema),
    /** DATA_DIR/uploads, or the S3-compatible bucket. */
    files: CheckSchema,
  }),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
