import { z } from 'zod';

/** GET /api/health/live: the process answers (the database is not asked). */
export const healthLiveSchema = z.object({ status: z.literal('ok') });

/** GET /api/health: the service and its database are ready. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  driver: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /api/health's 503: the database does not answer. */
export const healthDownSchema = z.object({
  status: z.literal('erro'),
  database: z.literal('indisponível'),
  message: z.string(),
});
