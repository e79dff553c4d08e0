/** The environment variables the server reads, as one zod schema (parsed by config.ts). */
import { z } from 'zod';
import { engineEnv } from '../engines/settings.js';
import { opsEnv } from './ops-settings.js';

export { opsSettings, type OpsSettings } from './ops-settings.js';

export { withEnvFile } from './env-file.js';

const intFromEnv = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message: `expected a whole number, got "${value}"` });
        return z.NEVER;
      }
      return n;
    });

export const envSchema = z.object({
  ...engineEnv,
  ...opsEnv,
  NODE_ENV: z.string().default('production'),
  PORT: intFromEnv(3000).refine((p) => p < 65536, 'expected a port number'),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  S3_ENDPOINT: z.union([z.literal(''), z.url()]).optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Meet <no-reply@meet.local>'),
  MAIL_OUTBOX_HTTP: z.enum(['0', '1', '']).optional(),
  PUBLIC_URL: z.string().optional(),
  SITE_ORIGINS: z.string().optional(),
  API_DOCS: z.enum(['on', 'off', '']).optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_PER_MINUTE: intFromEnv(100),
  AUTH_ACCOUNT_RATE_LIMIT_PER_MINUTE: intFromEnv(20),
  API_RATE_LIMIT_PER_MINUTE: intFromEnv(2400),
  ACCOUNT_RATE_LIMIT_PER_MINUTE: intFromEnv(1200),
  SIGN_IN_FAILURES_PER_IP: intFromEnv(50),
  SIGN_IN_FAILURES_PER_IP_EMAIL: intFromEnv(10),
  SIGN_IN_FAILURE_WINDOW_MINUTES: intFromEnv(15),
  SESSION_IDLE_DAYS: intFromEnv(60),
  RECONNECT_GRACE_SECONDS: z.coerce.number().int().min(10).max(3600).optional(),
  TRUST_PROXY: z.string().default(''),
  EMAIL_CODE_IP_DAILY_LIMIT: intFromEnv(10),
  EMAIL_CODE_EMAIL_DAILY_LIMIT: intFromEnv(10),
  LIMITED_IP_PREFIXES: z.string().default(''),
  MOBILE_APP_URL: z.union([z.literal(''), z.url()]).optional(),
  /** About's "Privacy policy" and "Terms of service": the operator's own pages, else built-in ones. */
  PRIVACY_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional(),
  TERMS_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional(),
  VOICE_CHANGER: z.enum(['on', 'off']).default('on'),
  AVATARS: z.enum(['on', 'off']).default('on'),
  JANUS: z.enum(['on', 'off']).default('on'),
  JANUS_ICE_INTERFACE: z.string().optional(),
  JANUS_RTP_PORTS: z
    .string()
    .regex(/^\d+-\d+$/, 'expected a range like 20000-20999')
    .default('20000-20999'),
  JANUS_NAT_1_1: z.string().optional(),
  TURN_URLS: z.string().default(''),
  TURN_SECRET: z.string().optional(),
  TURN_TTL_SECONDS: intFromEnv(86_400).refine((s) => s > 0, 'expected at least 1 second'),
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe', 'off', '']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_MONTHLY: z.string().optional(),
  STRIPE_PRICE_YEARLY: z.string().optional(),
  STRIPE_API_URL: z.union([z.literal(''), z.url()]).optional(),
  SMS_PROVIDER: z.enum(['outbox', 'twilio', '']).optional(),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_URL: z.union([z.literal(''), z.url()]).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.union([z.literal(''), z.url()]).optional(),
  DEV_CLOCK: z.enum(['0', '1', '']).optional(),
  RECORDING_LINK_SECRET: z
    .union([z.literal(''), z.string().min(32, 'expected at least 32 characters')])
    .optional(),
  ROLE: z.enum(['all', 'api', 'media', 'worker', '']).optional(),
  JOB_POLL_MS: z.coerce.number().int().min(500).max(60_000).default(2000),
  JOBS_WORK: z.enum(['0', '1', '']).optional(),
  JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(30),
  JOB_MONITOR_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  JOB_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  ADMIN_TOKEN: z
    .union([z.literal(''), z.string().min(24, 'expected at least 24 characters')])
    .optional(),
  MAGIC_CAM_URL: z
    .union([z.literal(''), z.url({ protocol: /^wss?$/, error: 'expected a ws:// or wss:// URL' })])
    .optional(),
  MAGIC_METER_MS: z.coerce.number().int().min(20).max(60_000).default(5000),
  MAGIC_RECONNECT_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  MAGIC_READY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).optional(),
  MAGIC_FRAME_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).optional(),
});

export type Env = z.infer<typeof envSchema>;
