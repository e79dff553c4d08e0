/**
 * One line per environment variable of env-schema.ts, for deploy/env.example (env-example.ts):
 * its meaning and, where the schema has no default of its own (config.ts works it out), the
 * default in words. The README's tables say more. A variable of the schema missing here, or one
 * here the schema lacks, fails `npm run env-example` and its test.
 */
type Doc = string | [meaning: string, defaultInWords: string];

export const envGroups: [title: string, docs: Record<string, Doc>][] = [
  [
    'Server',
    {
      PORT: 'HTTP port',
      HOST: 'address to listen on',
      DATA_DIR:
        'database (PGlite), files, signing key, mail outbox; relative to the working folder',
      NODE_ENV: '`production` refuses the development mailbox and keeps codes out of the log',
      PUBLIC_URL: [
        'the address clients are given for this node; its origin is the site',
        'how the request came',
      ],
      SITE_ORIGINS:
        'more origins of the site, comma-separated (payment return addresses must be on one)',
      TRUST_PROXY: [
        "behind a reverse proxy: `true`, a number of hops, or the proxies' addresses/CIDRs",
        'off',
      ],
      WEB_DIST: ['where the built web app is served from', 'apps/web/dist'],
      LOG_LEVEL: 'pino log level',
      LOG_FORMAT: ['`pretty`: short coloured lines for a terminal; else JSON lines', 'json'],
      DRAIN_SECONDS: 'after SIGTERM, how long running meetings may go on while /readyz says 503',
      METRICS_PORT: ['Prometheus text at /metrics on this port (its own listener)', 'none'],
      API_DOCS: ['`on` serves the OpenAPI document at /api/docs', 'on unless NODE_ENV=production'],
      ADMIN_TOKEN: [
        'bearer token (24+ characters) for /admin/* and /healthz details',
        'none: refused',
      ],
    },
  ],
  [
    'Database, files, several machines (README "Many machines")',
    {
      DATABASE_URL: [
        'use this PostgreSQL instead of the embedded PGlite',
        'PGlite in $DATA_DIR/db',
      ],
      REDIS_URL: 'several nodes on one database: account changes and events cross nodes by pub/sub',
      ROLE: ['`all`, `api`, `media` or `worker`', 'all'],
      JOBS_WORK: [
        '`0`: this node queues background jobs but leaves them to workers',
        '1 on all and worker',
      ],
      JOB_POLL_MS: 'how often an idle node looks for a job',
      JOB_HEARTBEAT_SECONDS:
        "a running job's heartbeat; a job whose worker died is retried once it lapses",
      JOB_MONITOR_SECONDS: 'how often lapsed jobs are failed for retry',
      JOB_RETRY_SECONDS: "the first retry's delay, doubled with each further try",
      S3_ENDPOINT: [
        'files in this S3-compatible server (path-style URLs) instead of $DATA_DIR/files',
        'none',
      ],
      S3_BUCKET: 'the bucket (it must exist)',
      S3_REGION: ['its region', 'us-east-1'],
      S3_ACCESS_KEY_ID: 'its access key',
      S3_SECRET_ACCESS_KEY: 'its secret key',
      RECORDING_LINK_SECRET: [
        'signs links to recording files and room passes (32+ characters; the same on every node)',
        'made once in $DATA_DIR',
      ],
    },
  ],
  [
    'Mail and text messages',
    {
      SMTP_URL: [
        'send mail through this SMTP server (a production deployment sets it)',
        'outbox in $DATA_DIR/mail',
      ],
      MAIL_FROM: 'sender of outgoing mail',
      MAIL_OUTBOX_HTTP: [
        'development only: GET /dev/mail?to= lists the outbox to this machine',
        '1 under npm start without SMTP_URL',
      ],
      SMS_PROVIDER: [
        '`outbox` ($DATA_DIR/sms) or `twilio`',
        'twilio with TWILIO_ACCOUNT_SID, else outbox',
      ],
      TWILIO_ACCOUNT_SID: "Twilio's account",
      TWILIO_AUTH_TOKEN: 'its token',
      TWILIO_FROM: 'the number texts come from',
      TWILIO_API_URL: ["another address for Twilio's API (tests)", "Twilio's"],
      EMAIL_CODE_IP_DAILY_LIMIT: 'verification mails per IP per day',
      EMAIL_CODE_EMAIL_DAILY_LIMIT: 'verification mails per address per day',
    },
  ],
  [
    'Limits and sign-in',
    {
      AUTH_RATE_LIMIT_PER_MINUTE: 'sign-in and code calls per IP per minute',
      AUTH_ACCOUNT_RATE_LIMIT_PER_MINUTE: 'code calls per email address per minute',
      API_RATE_LIMIT_PER_MINUTE: 'API calls per client IP per minute',
      ACCOUNT_RATE_LIMIT_PER_MINUTE: 'API calls per signed-in account per minute',
      SIGN_IN_FAILURES_PER_IP: 'wrong passwords from one address in a window before sign-ins wait',
      SIGN_IN_FAILURES_PER_IP_EMAIL: 'wrong passwords from one address for one email in a window',
      SIGN_IN_FAILURE_WINDOW_MINUTES: 'the window of the two above',
      SESSION_IDLE_DAYS: 'a sign-in token unused this many days is refused',
      RECONNECT_GRACE_SECONDS: ['how long a dropped member keeps their seat (10–3600)', '60'],
      LIMITED_IP_PREFIXES: 'comma-separated IP prefixes reported as a limited region',
      GOOGLE_CLIENT_ID: ['sign-in with Google (OpenID Connect)', 'off'],
      GOOGLE_CLIENT_SECRET: 'its secret',
      GOOGLE_ISSUER: ['another OpenID provider', 'https://accounts.google.com'],
      DEV_CLOCK: ['development only: POST /dev/clock moves the server clock forward', 'off'],
    },
  ],
  [
    'The site',
    {
      MOBILE_APP_URL: ['where phones get the mobile app (a QR code on Home)', 'hidden'],
      PRIVACY_URL: ['the privacy policy link', 'built-in /privacy'],
      TERMS_URL: ['the terms of service link', 'built-in /terms'],
      VOICE_CHANGER: '`off` leaves the voice changer out of the effects dialog',
      AVATARS: '`off` leaves avatars out of the effects dialog',
      PAYMENTS_PROVIDER: [
        '`sandbox`, `stripe` or `off`',
        'stripe with STRIPE_SECRET_KEY, else off in production',
      ],
      STRIPE_SECRET_KEY: "Stripe's API key",
      STRIPE_WEBHOOK_SECRET: "the webhook endpoint's signing secret",
      STRIPE_PRICE_MONTHLY: 'the Stripe price id of the monthly plan',
      STRIPE_PRICE_YEARLY: 'the Stripe price id of the yearly plan',
      STRIPE_API_URL: ["another address for Stripe's API (tests)", "Stripe's"],
    },
  ],
  [
    'Media (README "TURN")',
    {
      JANUS: '`off` runs without the media server (API only)',
      JANUS_ICE_INTERFACE: [
        'network interface Janus gathers ICE candidates on',
        "the default route's",
      ],
      JANUS_RTP_PORTS: 'UDP port range for media',
      JANUS_NAT_1_1: 'public address to advertise when behind 1:1 NAT',
      TURN_URLS: 'comma-separated turn:/turns: addresses members are given',
      TURN_SECRET: 'the secret shared with coturn (its static-auth-secret)',
      TURN_TTL_SECONDS: "how long a member's TURN credentials are good for",
      MAGIC_CAM_URL: ["Magic Cam's stream engine (ws:// or wss://)", 'WebGL looks in the browser'],
      MAGIC_METER_MS: 'how often running Magic Cam sessions are metered',
      MAGIC_RECONNECT_GRACE_SECONDS: 'how long a dropped Magic Cam session may come back',
      MAGIC_READY_TIMEOUT_MS: ['how long the stream server may take to be ready', '9000'],
      MAGIC_FRAME_TIMEOUT_MS: ['how long it may send no stylised frame', '15000'],
    },
  ],
  [
    'Caption, translation and voice engines (README section of that name)',
    {
      ASR_ENGINE: 'speech recognition: `pocketsphinx`, `sherpa-onnx`, `openai` or `none`',
      POCKETSPHINX_MODEL_DIR: ['a PocketSphinx model folder', "Debian's pocketsphinx-en-us"],
      POCKETSPHINX_DECODERS: 'most decoder processes (~90 MB each)',
      POCKETSPHINX_ARGS: [
        'extra decoder arguments',
        '-fwdflat no -bestpath no -maxhmmpf 3000 -maxwpf 5',
      ],
      SHERPA_ONNX_MODEL_DIR: 'with ASR_ENGINE=sherpa-onnx: a streaming model folder',
      SHERPA_ONNX_LANGUAGES: ["the model's languages", 'zh,en'],
      SHERPA_ONNX_THREADS: "the model's threads",
      ASR_OPENAI_URL: 'with ASR_ENGINE=openai: an OpenAI-compatible transcription endpoint',
      ASR_OPENAI_MODEL: ['its model', 'whisper-1'],
      ASR_OPENAI_KEY: 'its key',
      ASR_OPENAI_LANGUAGES: ['its languages', 'en,zh'],
      VAD_MODEL: '`silero-v5`, `silero-v6` or `silero-legacy`',
      VAD_SILENCE_MS: 'silence that ends an utterance',
      VAD_MAX_UTTERANCE_MS: 'longer speech is cut into several utterances',
      TRANSLATE_ENGINES:
        'comma-separated, tried in order: `apertium`, `openai`, `libretranslate` or `none`',
      TRANSLATE_OPENAI_URL: 'an OpenAI-compatible chat completions endpoint for translation',
      TRANSLATE_OPENAI_MODEL: 'its model',
      TRANSLATE_OPENAI_KEY: 'its key',
      TRANSLATE_OPENAI_LANGUAGES: ['its languages', 'en,zh'],
      LIBRETRANSLATE_URL: 'a LibreTranslate server',
      LIBRETRANSLATE_KEY: 'its key',
      TTS_ENGINE: 'speech synthesis: `espeak-ng`, `openai` or `none`',
      TTS_OPENAI_URL: 'an OpenAI-compatible speech endpoint',
      TTS_OPENAI_MODEL: ['its model', 'tts-1'],
      TTS_OPENAI_KEY: 'its key',
      TTS_OPENAI_LANGUAGES: ['its languages', 'en,zh'],
      TTS_OPENAI_VOICE_MAN: ['its voice for the man tone', 'onyx'],
      TTS_OPENAI_VOICE_WOMAN: ['its voice for the woman tone', 'nova'],
      SUMMARY_ENGINE: 'minutes and chapters of recordings: `extractive`, `openai` or `none`',
      SUMMARY_OPENAI_URL:
        'with SUMMARY_ENGINE=openai: an OpenAI-compatible chat completions endpoint',
      SUMMARY_OPENAI_MODEL: 'its model',
      SUMMARY_OPENAI_KEY: 'its key',
      SUMMARY_OPENAI_TIMEOUT_MS: 'longest wait for its answer',
      ENGINE_HTTP_TIMEOUT_MS: "longest wait for an HTTP engine's answer",
    },
  ],
];
