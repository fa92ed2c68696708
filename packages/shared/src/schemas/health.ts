import * as z from 'zod/mini';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    dialect: z.enum(['sqlite', 'postgres']),
    status: z.enum(['up', 'down']),
    latencyMs: z.number(),
  }),
});
export type Health = z.infer<typeof HealthSchema>;
