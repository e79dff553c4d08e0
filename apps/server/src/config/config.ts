/** The environment, parsed once at start. Everything else reads this object, never process.env. */
import path from 'node:path';
import { z } from 'zod';

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

const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: intFromEnv(3000).refine((p) => p < 65536, 'expected a port number'),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Meet <no-reply@meet.local>'),
  PUBLIC_URL: z.string().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_PER_MINUTE: intFromEnv(100),
  EMAIL_CODE_IP_DAILY_LIMIT: intFromEnv(10),
  EMAIL_CODE_EMAIL_DAILY_LIMIT: intFromEnv(10),
  LIMITED_IP_PREFIXES: z.string().default(''),
  JANUS: z.enum(['on', 'off']).default('on'),
  JANUS_ICE_INTERFACE: z.string().optional(),
  JANUS_RTP_PORTS: z
    .string()
    .regex(/^\d+-\d+$/, 'expected a range like 20000-20999')
    .default('20000-20999'),
  JANUS_NAT_1_1: z.string().optional(),
});

export interface Config {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string | undefined;
  webDist: string | undefined;
  logLevel: string;
  /** Client addresses starting with these are told the service is not available in their region. */
  limitedIpPrefixes: string[];
  janus: {
    enabled: boolean;
    iceInterface: string | undefined;
    rtpPortRange: string;
    nat1to1: string | undefined;
  };
  limits: {
    authPerMinute: number;
    emailCodesPerIpPerDay: number;
    emailCodesPerEmailPerDay: number;
  };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ConfigError(
      `invalid environment variable ${first?.path.join('.') ?? ''}: ${first?.message ?? 'invalid'}`,
    );
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    janus: {
      enabled: e.JANUS === 'on',
      iceInterface: e.JANUS_ICE_INTERFACE || undefined,
      rtpPortRange: e.JANUS_RTP_PORTS,
      nat1to1: e.JANUS_NAT_1_1 || undefined,
    },
    limitedIpPrefixes: e.LIMITED_IP_PREFIXES.split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    limits: {
      authPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
      emailCodesPerIpPerDay: e.EMAIL_CODE_IP_DAILY_LIMIT,
      emailCodesPerEmailPerDay: e.EMAIL_CODE_EMAIL_DAILY_LIMIT,
    },
  };
}
