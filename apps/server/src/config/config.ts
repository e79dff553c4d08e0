/** The environment, parsed once at start. Everything else reads this object, never process.env. */
import path from 'node:path';
import {
  MAGIC_FRAME_TIMEOUT_MS,
  MAGIC_STREAM_FETCH_TIMEOUT_MS,
  SEAT_RECONNECT_GRACE_MS,
} from '@meet/shared';
import { engineSettings, type EngineSettings } from '../engines/settings.js';
import { envSchema, opsSettings, withEnvFile, type Env, type OpsSettings } from './env-schema.js';
import { siteOrigins } from './site-origins.js';
import { ConfigError } from './config-error.js';

export interface Config extends OpsSettings {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Redis, when several nodes share the database: each node drops what it keeps about an account
   * as soon as another node changes it (pub/sub).
   */
  redisUrl: string | undefined;
  /** Files (avatars, screenshots, recordings) in S3-compatible storage, else $DATA_DIR/files. */
  s3: S3Config | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Development only: `GET /dev/mail?to=` lists the outbox to requests from this machine.
   * Refused when NODE_ENV is production; a real deployment sets SMTP_URL instead.
   */
  mailOutboxHttp: boolean;
  publicUrl: string | undefined;
  /**
   * The origins this site is reached at (config/site-origins.ts): payment return addresses must
   * be on one of them. Never taken from a request's Host header.
   */
  siteOrigins: string[];
  /**
   * `/api/docs` (the OpenAPI document, a map of every call): on outside production, in
   * production only with API_DOCS=on.
   */
  apiDocs: boolean;
  webDist: string | undefined;
  logLevel: string;
  /** Where phones get the mobile app; without it the app QR code is hidden. */
  mobileAppUrl: string | undefined;
  /** About's legal links (PRIVACY_URL, TERMS_URL); unset: the app's built-in /privacy, /terms. */
  legalLinks: { privacyUrl: string | undefined; termsUrl: string | undefined };
  /** The effects dialog offers the voice changer (VOICE_CHANGER) and avatars (AVATARS). */
  effects: { voiceChanger: boolean; avatars: boolean };
  /** Client addresses starting with these are told the service is not available in their region. */
  limitedIpPrefixes: string[];
  janus: {
    enabled: boolean;
    iceInterface: string | undefined;
    rtpPortRange: string;
    nat1to1: string | undefined;
  };
  /** The TURN relays members are given when they join (README: "TURN"); none without TURN_URLS. */
  turn: TurnConfig | undefined;
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For): false (none, the
   * default), true (any), a number of hops, or a list of addresses/CIDR ranges.
   */
  trustProxy: boolean | number | string[];
  /** Card payments for Pro (README: "Payments"). */
  payments: PaymentsConfig;
  /** Text messages with sign-in codes: an outbox like mail's (default), or Twilio. */
  sms: SmsConfig;
  /** Sign-in with Google (OpenID Connect); off without a client id. */
  google: GoogleConfig | undefined;
  /**
   * Development only (DEV_CLOCK=1): `POST /dev/clock` moves the server's clock forward, from this
   * machine, so a subscription's end can be reached in a browser test. Refused in production.
   */
  devClock: boolean;
  /**
   * The key signing links to recording files; without it one is made once and kept in
   * $DATA_DIR/recording-link.key (give every node the same one when there are several).
   */
  recordingLinkSecret: string | undefined;
  /**
   * `all` (the default): one process does everything. `api`: the web app, the API and the
   * `/message` socket, no media server. `media`: a media server (Janus, the `/room` socket) that
   * meetings are placed on, and the API. `worker`: only works background jobs (recording
   * composition, transcripts, minutes) from the shared database; no API but `/healthz`.
   */
  role: 'all' | 'api' | 'media' | 'worker';
  /**
   * Several nodes share the work (README: "Many machines"): ROLE api or media, or DATABASE_URL
   * with REDIS_URL. Nodes register in the database, meetings are placed on media nodes, and
   * events cross nodes through Redis.
   */
  cluster: boolean;
  /** How often an idle node looks for a job. */
  jobPollMs: number;
  /** This node works background jobs (JOBS_WORK=0: it only queues them for other nodes). */
  jobsWork: boolean;
  /**
   * A running job's heartbeat, how often lapsed jobs are failed for retry, and the first retry
   * delay: a worker that dies mid-job has its job taken up by another within about
   * heartbeat + monitor seconds.
   */
  jobTiming: { heartbeatSeconds: number; monitorSeconds: number; retryDelaySeconds: number };
  /** Speech, translation and synthesis engines (README: "Caption, translation and voice engines"). */
  engines: EngineSettings;
  /** Magic Cam (README: "Magic Cam"). */
  magic: MagicConfig;
  /**
   * The operator's bearer token for `/admin/*` (the feedback list, client logs); without it
   * those routes refuse everyone.
   */
  adminToken: string | undefined;
  /**
   * A sign-in token unused this long is refused (each use moves the deadline); the 365 days of
   * TOKEN_TTL_MS stay the limit however much it is used.
   */
  sessionIdleMs: number;
  /**
   * How long a member whose `/room` socket dropped keeps their seat, host role, hand and
   * controls for a reconnect (others see them as reconnecting meanwhile).
   */
  reconnectGraceMs: number;
  limits: {
    /** Sign-in and code calls per IP per minute. */
    authPerMinute: number;
    /** Sign-in and code calls per email address per minute, from anywhere. */
    authPerAccountPerMinute: number;
    /** API calls per client IP per minute (this machine itself is not limited). */
    apiPerIpPerMinute: number;
    /** API calls per signed-in account per minute. */
    apiPerAccountPerMinute: number;
    /**
     * Wrong passwords per client address, and per address and email, in a window: past them
     * password sign-ins from there wait for the window's end (the account is never locked).
     */
    signInFailures: { perIp: number; perIpAndEmail: number; windowMs: number };
    emailCodesPerIpPerDay: number;
    emailCodesPerEmailPerDay: number;
  };
}

export type PaymentsConfig =
  | { provider: 'off' | 'sandbox' }
  | {
      provider: 'stripe';
      secretKey: string;
      webhookSecret: string;
      /** Stripe price ids of the monthly and the yearly product. */
      prices: { monthly: string; yearly: string };
      /** Another address for Stripe's API (a local stand-in in tests). */
      apiUrl: string | undefined;
    };

export type SmsConfig =
  | { provider: 'outbox' }
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string; apiUrl: string };

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  /** The OpenID Connect issuer: Google's by default. */
  issuer: string;
}

export interface TurnConfig {
  /** `turn:` / `turns:` addresses of one TURN service, offered together. */
  urls: string[];
  /** Shared with the TURN server (coturn's `static-auth-secret`): it signs the credentials. */
  secret: string;
  /** How long a member's credentials are good for from the moment they join. */
  ttlSeconds: number;
}

export interface MagicConfig {
  /**
   * A streaming image-to-image server (WebSocket) that stylises camera frames; without it the
   * browser's WebGL looks are the engine.
   */
  camUrl: string | undefined;
  /** How often a running session's time is added up and the minutes now due are charged. */
  meterMs: number;
  /** How long a session whose socket dropped may come back and carry on its minute count. */
  reconnectGraceMs: number;
  /** How long the streaming server may take to say it is ready (SPEC.md: 9 s). */
  readyTimeoutMs: number;
  /** How long it may send no stylised frame while camera frames go to it. */
  frameTimeoutMs: number;
}

function paymentsConfig(e: Env): PaymentsConfig {
  const provider =
    e.PAYMENTS_PROVIDER ||
    (e.STRIPE_SECRET_KEY ? 'stripe' : e.NODE_ENV === 'production' ? 'off' : 'sandbox');
  if (provider === 'sandbox' && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'PAYMENTS_PROVIDER=sandbox gives Pro for a test card and is for development only; it cannot be used with NODE_ENV=production (configure Stripe: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY)',
    );
  }
  if (provider !== 'stripe') return { provider };
  const missing = (
    [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_MONTHLY',
      'STRIPE_PRICE_YEARLY',
    ] as const
  ).filter((name) => !e[name]);
  if (missing.length > 0) {
    throw new ConfigError(`Stripe payments need ${missing.join(', ')}`);
  }
  return {
    provider,
    secretKey: e.STRIPE_SECRET_KEY!,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
    prices: { monthly: e.STRIPE_PRICE_MONTHLY!, yearly: e.STRIPE_PRICE_YEARLY! },
    apiUrl: e.STRIPE_API_URL || undefined,
  };
}

function smsConfig(e: Env): SmsConfig {
  const provider = e.SMS_PROVIDER || (e.TWILIO_ACCOUNT_SID ? 'twilio' : 'outbox');
  if (provider === 'outbox') return { provider };
  if (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.TWILIO_FROM) {
    throw new ConfigError(
      'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM',
    );
  }
  return {
    provider,
    accountSid: e.TWILIO_ACCOUNT_SID,
    authToken: e.TWILIO_AUTH_TOKEN,
    from: e.TWILIO_FROM,
    apiUrl: (e.TWILIO_API_URL || 'https://api.twilio.com').replace(/\/$/, ''),
  };
}

function s3Config(e: Env): S3Config | undefined {
  const names = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  if (!e.S3_REGION && names.every((name) => !e[name])) return undefined;
  const missing = names.filter((name) => !e[name]);
  // Half a configuration would quietly keep files on this node's disk, out of the others' reach.
  if (missing.length > 0) throw new ConfigError(`S3 file storage needs ${missing.join(', ')}`);
  return {
    endpoint: e.S3_ENDPOINT!,
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION || 'us-east-1',
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
  };
}

function googleConfig(e: Env): GoogleConfig | undefined {
  if (!e.GOOGLE_CLIENT_ID) return undefined;
  if (!e.GOOGLE_CLIENT_SECRET) throw new ConfigError('GOOGLE_CLIENT_ID needs GOOGLE_CLIENT_SECRET');
  return {
    clientId: e.GOOGLE_CLIENT_ID,
    clientSecret: e.GOOGLE_CLIENT_SECRET,
    issuer: e.GOOGLE_ISSUER || 'https://accounts.google.com',
  };
}

function turnConfig(e: Env): TurnConfig | undefined {
  const urls = e.TURN_URLS.split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  if (urls.length === 0) {
    if (e.TURN_SECRET) throw new ConfigError('TURN_SECRET needs TURN_URLS');
    return undefined;
  }
  const bad = urls.find((url) => !/^turns?:[^\s]+$/.test(url));
  if (bad) throw new ConfigError(`TURN_URLS: expected turn: or turns: addresses, got "${bad}"`);
  if (!e.TURN_SECRET) throw new ConfigError('TURN_URLS needs TURN_SECRET (the shared secret)');
  return { urls, secret: e.TURN_SECRET, ttlSeconds: e.TURN_TTL_SECONDS };
}

function parseTrustProxy(value: string): boolean | number | string[] {
  const v = value.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withEnvFile(env));
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ConfigError(
      `invalid environment variable ${first?.path.join('.') ?? ''}: ${first?.message ?? 'invalid'}`,
    );
  }
  const e = parsed.data;
  const mailOutboxHttp = e.MAIL_OUTBOX_HTTP === '1';
  if (mailOutboxHttp && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'MAIL_OUTBOX_HTTP=1 lists mail over HTTP and is for development only; it cannot be used with NODE_ENV=production (set SMTP_URL to send mail)',
    );
  }
  const devClock = e.DEV_CLOCK === '1';
  if (devClock && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'DEV_CLOCK=1 lets this machine move the server clock and is for development only; it cannot be used with NODE_ENV=production',
    );
  }
  const role = e.ROLE || 'all';
  const cluster =
    role === 'api' || role === 'media' || (role === 'all' && !!e.DATABASE_URL && !!e.REDIS_URL);
  if (cluster && (!e.DATABASE_URL || !e.REDIS_URL)) {
    throw new ConfigError(
      `ROLE=${role} is one node of several: it needs DATABASE_URL (PostgreSQL) and REDIS_URL shared by every node`,
    );
  }
  return {
    ...opsSettings(e),
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    s3: s3Config(e),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    mailOutboxHttp,
    publicUrl: e.PUBLIC_URL,
    siteOrigins: siteOrigins(e, (message) => new ConfigError(message)),
    apiDocs: e.API_DOCS ? e.API_DOCS === 'on' : e.NODE_ENV !== 'production',
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    janus: {
      enabled: e.JANUS === 'on',
      iceInterface: e.JANUS_ICE_INTERFACE || undefined,
      rtpPortRange: e.JANUS_RTP_PORTS,
      nat1to1: e.JANUS_NAT_1_1 || undefined,
    },
    turn: turnConfig(e),
    mobileAppUrl: e.MOBILE_APP_URL || undefined,
    legalLinks: { privacyUrl: e.PRIVACY_URL || undefined, termsUrl: e.TERMS_URL || undefined },
    effects: { voiceChanger: e.VOICE_CHANGER === 'on', avatars: e.AVATARS === 'on' },
    limitedIpPrefixes: e.LIMITED_IP_PREFIXES.split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    payments: paymentsConfig(e),
    sms: smsConfig(e),
    google: googleConfig(e),
    devClock,
    recordingLinkSecret: e.RECORDING_LINK_SECRET || undefined,
    role,
    cluster,
    jobPollMs: e.JOB_POLL_MS,
    // Workers and the all-in-one node work jobs; api and media nodes only queue them.
    jobsWork: e.JOBS_WORK ? e.JOBS_WORK === '1' : role === 'all' || role === 'worker',
    jobTiming: {
      heartbeatSeconds: e.JOB_HEARTBEAT_SECONDS,
      monitorSeconds: e.JOB_MONITOR_SECONDS,
      retryDelaySeconds: e.JOB_RETRY_SECONDS,
    },
    engines: engineSettings(e, (message) => new ConfigError(message)),
    adminToken: e.ADMIN_TOKEN || undefined,
    sessionIdleMs: Math.max(1, e.SESSION_IDLE_DAYS) * 24 * 60 * 60 * 1000,
    reconnectGraceMs:
      e.RECONNECT_GRACE_SECONDS === undefined
        ? SEAT_RECONNECT_GRACE_MS
        : e.RECONNECT_GRACE_SECONDS * 1000,
    magic: {
      camUrl: e.MAGIC_CAM_URL || undefined,
      meterMs: e.MAGIC_METER_MS,
      reconnectGraceMs: e.MAGIC_RECONNECT_GRACE_SECONDS * 1000,
      readyTimeoutMs: e.MAGIC_READY_TIMEOUT_MS ?? MAGIC_STREAM_FETCH_TIMEOUT_MS,
      frameTimeoutMs: e.MAGIC_FRAME_TIMEOUT_MS ?? MAGIC_FRAME_TIMEOUT_MS,
    },
    limits: {
      authPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
      authPerAccountPerMinute: e.AUTH_ACCOUNT_RATE_LIMIT_PER_MINUTE,
      apiPerIpPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
      apiPerAccountPerMinute: e.ACCOUNT_RATE_LIMIT_PER_MINUTE,
      signInFailures: {
        perIp: e.SIGN_IN_FAILURES_PER_IP,
        perIpAndEmail: e.SIGN_IN_FAILURES_PER_IP_EMAIL,
        windowMs: e.SIGN_IN_FAILURE_WINDOW_MINUTES * 60_000,
      },
      emailCodesPerIpPerDay: e.EMAIL_CODE_IP_DAILY_LIMIT,
      emailCodesPerEmailPerDay: e.EMAIL_CODE_EMAIL_DAILY_LIMIT,
    },
  };
}
