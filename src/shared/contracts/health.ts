import { z } from 'zod';

/** `GET /api/health`: the process is alive. */
export const HealthSchema = z
  .object({ status: z.literal('ok'), uptimeSeconds: z.number().nonnegative() })
  .meta({ id: 'Health' });

/** `GET /api/ready`: the process can serve, the database answers. */
export const ReadySchema = z
  .object({
    status: z.literal('ready'),
    database: z.object({ driver: z.enum(['pglite', 'postgres']), latencyMs: z.number().nonnegative() }),
  })
  .meta({ id: 'Ready' });
