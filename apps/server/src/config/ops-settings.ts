/**
 * The settings of running in production (README "Health and drain", "Metrics", "Access logs"):
 * how long a stopping node lets its meetings go on, where Prometheus scrapes, how logs look.
 * Their variables are part of the env schema (env-schema.ts spreads `opsEnv`).
 */
import { z } from 'zod';

export const opsEnv = {
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  METRICS_PORT: z
    .union([z.literal(''), z.coerce.number().int().min(1).max(65_535)])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  LOG_FORMAT: z.enum(['json', 'pretty', '']).optional(),
};

export interface OpsSettings {
  /**
   * After SIGTERM: how long meetings already running here may go on while /readyz says 503 and
   * new ones go elsewhere (a second signal, or the meetings all ending, cuts it short).
   */
  drainSeconds: number;
  /** Prometheus text at `/metrics` on this port (its own listener); none without it. */
  metricsPort: number | undefined;
  /** `pretty`: one short coloured line per entry for a terminal; else JSON lines. */
  logFormat: 'json' | 'pretty';
}

export function opsSettings(e: {
  DRAIN_SECONDS: number;
  METRICS_PORT?: number | undefined;
  LOG_FORMAT?: 'json' | 'pretty' | '' | undefined;
}): OpsSettings {
  return {
    drainSeconds: e.DRAIN_SECONDS,
    metricsPort: e.METRICS_PORT,
    logFormat: e.LOG_FORMAT === 'pretty' ? 'pretty' : 'json',
  };
}
