/** Every number of SPEC.md section 9 that the code uses, named. */

export const CLIENT_VERSION = '3.10.3';
export const PLATFORM_VERSION = '1.1.4';
export const CLIENT_TYPE = 'web';

export const MEETING_MAX_MEMBERS = 25;
export const NICKNAME_MAX_PROFILE = 50;
export const NICKNAME_MAX_MEETING = 30;

export const PASSWORD_MIN_LENGTH = 6;
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_TTL_MS = 10 * 60 * 1000;
export const EMAIL_CODE_RESEND_MS = 60 * 1000;
export const EMAIL_CODE_DAILY_LIMIT = 10;
export const EMAIL_CODE_MAX_TRIES = 5;
export const TOO_MANY_OPERATIONS_RETRY_MS = 24 * 60 * 60 * 1000;

export const SIGNUP_AI_CREDITS = 60;
export const TOKEN_TTL_MS = 365 * 24 * 60 * 60 * 1000;
export const DEVICE_ID_LENGTH = 18;

export const AVATAR_MIN_WIDTH = 100;
export const AVATAR_MIN_HEIGHT = 120;
export const AVATAR_MAX_SIDE = 3000;
export const AVATAR_EXTENSIONS = ['png', 'jpeg', 'gif', 'jpg'] as const;

export const USER_TYPE_VISITOR = 0;
export const USER_TYPE_BASIC = 1;
export const USER_TYPE_PRO = 2;
export const PAY_TYPE_WEB = 3;

export const TOAST_SHORT_MS = 1500;
export const TOAST_MS = 2000;
export const TOAST_LONG_MS = 3000;
export const VISITOR_LOGIN_DELAY_MS = 200;
/**
 * SPEC.md section 9's media handlers: the oldest engine versions the room works in. Chrome
 * (and Chromium browsers: Opera, Samsung Internet, Electron…) 74+, the new Edge 88+, Firefox
 * 120+, Safari 12+ (and every browser on iOS, which are all WebKit: iOS 12+).
 */
export const BROWSER_MIN_VERSIONS = {
  chrome: 74,
  /** Chrome 111+ (Edge too) gets SPEC.md's newer Chrome111 handler. */
  chromeModern: 111,
  edge: 88,
  firefox: 120,
  safari: 12,
  ios: 12,
} as const;
export const REQUEST_TIMEOUT_MS = 15000;

export const MAX_RESERVATION_MS = 24 * 60 * 60 * 1000;
/**
 * Every instant a request may carry (ms since the epoch): 2000-01-01 to 2100-01-01 UTC. Far
 * inside what a JavaScript date holds (±8.64e15), so every time stored can be shown and written
 * to a calendar.
 */
export const TIME_WINDOW_MS = { min: 946_684_800_000, max: 4_102_444_800_000 } as const;
export const DEFAULT_MEETING_DURATION_MS = 60 * 60 * 1000;
export const ABOUT_TO_BEGIN_MS = 5 * 60 * 1000;
export const FINISHED_PAGE_SIZE = 20;
export const CONFERENCE_STATUS = { reserved: 1, running: 2, finished: 3 } as const;

/**
 * A join must be followed by a `/room` connection within this, or its seat is given up; after a
 * server restart, members have this long to reconnect.
 */
export const SEAT_CONNECT_GRACE_MS = 30_000;
/**
 * A dropped `/room` connection keeps its seat (host role, hand, controls, breakout room) this long
 * for a reconnect, by default (RECONNECT_GRACE_SECONDS on the server); others see the member as
 * reconnecting meanwhile (issue 29).
 */
export const SEAT_RECONNECT_GRACE_MS = 60_000;
/** An instant meeting that nobody has joined this long after it was made is removed. */
export const UNJOINED_MEETING_TTL_MS = 10 * 60 * 1000;

/**
 * AI credits one minute of each metered feature costs. Translation and interpretation are paid
 * by the meeting's creator (SPEC.md section 6); Magic Cam by the member who uses it, and only
 * when a server-side engine styles it (MAGIC_CREDITS_PER_MINUTE). Speech recognition alone
 * (captions in the spoken language) is free.
 */
export const CREDITS_PER_MINUTE = { translate: 1, interpret: 2, magicCam: 3 } as const;
export type MeteredFeature = keyof typeof CREDITS_PER_MINUTE;
/**
 * AI credits a minute of Magic Cam costs by engine (issue 31): credits pay only for a server-side
 * engine's minutes, so the in-browser WebGL looks cost nothing and a streaming image-to-image
 * server costs CREDITS_PER_MINUTE.magicCam.
 */
export const MAGIC_CREDITS_PER_MINUTE = { webgl: 0, stream: CREDITS_PER_MINUTE.magicCam } as const;

/**
 * Pro (SPEC.md sections 1 and 9), prices in US cents: monthly 4.99 a month; yearly is ten
 * months' price for twelve (49.90 a year, shown as 4.16 a month, "two months free").
 */
export const PRO_MONTHLY_PRICE_CENTS = 499;
export const PRO_YEARLY_FREE_MONTHS = 2;
export const PRO_YEARLY_PRICE_CENTS = (12 - PRO_YEARLY_FREE_MONTHS) * PRO_MONTHLY_PRICE_CENTS;
export const PRICE_CURRENCY = 'USD';
export const PRODUCT_TYPE = { monthly: 1, yearly: 2 } as const;
/** Cloud storage per plan: Pro 10 GB (SPEC.md); basic 1 GB (our choice, for audio recordings). */
export const PRO_STORAGE_BYTES = 10 * 1024 ** 3;
export const BASIC_STORAGE_BYTES = 1024 ** 3;
/** AI credits a Pro subscription adds each month it is paid for (10 hours of translation). */
export const PRO_MONTHLY_AI_CREDITS = 600;
/**
 * A renewing subscription keeps Pro this long past its period end while the renewal is on its
 * way (the provider charges and reports shortly after the period ends); a cancelled one ends on
 * the dot.
 */
export const RENEWAL_GRACE_MS = 60 * 60 * 1000;
/** paymentStatus of a payment session (SPEC.md section 3): 1 pending, 2 success, other failure. */
export const PAYMENT_STATUS = { pending: 1, success: 2, failed: 3 } as const;
/** The payment-status dialog polls every second, at most ten times (SPEC.md section 9). */
export const PAYMENT_POLL_MS = 1000;
export const PAYMENT_POLL_MAX_TRIES = 10;
/** A sign-in QR code is good for this long; the waiting page asks for its result this often. */
export const SCAN_LOGIN_TTL_MS = 2 * 60 * 1000;
export const SCAN_POLL_MS = 1500;
/** A Google sign-in result waits this long to be used (sign-in, or linking on /binding). */
export const GOOGLE_TICKET_TTL_MS = 10 * 60 * 1000;

/** A request to see someone's recording lapses (state 4) when not answered within this. */
export const RECORDING_ACCESS_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Signed links to recording files stay valid this long. */
export const RECORDING_LINK_TTL_MS = 6 * 60 * 60 * 1000;
/** In the speech layout, a speaker holds the main window at least this long (no flicker). */
export const RECORDING_SPEAKER_HOLD_MS = 2000;
/** AI minutes a basic user may generate a month (Pro: no limit). */
export const BASIC_SUMMARIES_PER_MONTH = 3;
/** Message center page size (SPEC.md section 9). */
export const MESSAGES_PAGE_SIZE = 10;
/** The message panel loads its first page this long after it opens (SPEC.md section 9). */
export const MESSAGES_FIRST_LOAD_MS = 200;
/** Scrolling to the end of the message panel loads the next page after this delay. */
export const MESSAGES_MORE_DELAY_MS = 500;
/** Client log entries are sent this long after the last one was logged (SPEC.md section 9). */
export const LOG_UPLOAD_DELAY_MS = 200;

/** Virtual backgrounds (SPEC.md sections 5 and 9). */
export const BACKGROUND_MAX_BYTES = 2 * 1024 * 1024;

/**
 * What one account may keep at once (issue 27): far above what a heavy user makes, so only a
 * script filling the database meets them. Only what still exists counts (deleting one frees a
 * slot). Open meetings are the creator's running ones; upcoming reservations those not yet
 * started whose end is still ahead; Magic Cam styles are the account's own, in any state.
 */
export const MAX_BACKGROUNDS_PER_ACCOUNT = 50;
export const MAX_OPEN_MEETINGS_PER_ACCOUNT = 100;
export const MAX_UPCOMING_RESERVATIONS_PER_ACCOUNT = 200;
export const MAX_MAGIC_STYLES_PER_ACCOUNT = 100;

/** Picture-in-picture sharing (SPEC.md section 5): the files a member may share, at most 10 MB. */
export const FILE_SHARE_MAX_BYTES = 10 * 1024 * 1024;
export type FileShareKind = 'image' | 'video';
export const FILE_SHARE_TYPES: readonly {
  mime: string;
  extensions: readonly string[];
  kind: FileShareKind;
}[] = [
  { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'], kind: 'image' },
  { mime: 'image/png', extensions: ['png'], kind: 'image' },
  { mime: 'video/mp4', extensions: ['mp4'], kind: 'video' },
];
export const BACKGROUND_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
/** Uploaded backgrounds are stored as squares of at most this side. */
export const BACKGROUND_STORED_SIDE = 1024;
/** Segmentation confidence below the low threshold is background, above the high one person. */
export const BACKGROUND_MASK_LOW = 0.5;
export const BACKGROUND_MASK_HIGH = 0.9;
export const BACKGROUND_BLUR_PX = 15;
export const EFFECTS_WARNING_MS = 3000;
export const BACKGROUND_APPLY_AFTER_UPLOAD_MS = 500;

/** Beauty filters (SPEC.md sections 3 and 9): each rate runs from 0 (off) to this. */
export const BEAUTY_RATE_MAX = 10;
/** The quick preset: smooth 5, whiten 5, slim 4, bigger eyes 2. */
export const BEAUTY_PRESET = { smoothRate: 5, whitenRate: 5, slimRate: 4, biggerRate: 2 } as const;

/**
 * Magic Cam (SPEC.md section 9): frames sent to a streaming engine are scaled to this short
 * side and encoded as JPEG at this quality; a frame of this many bytes or fewer is not sent
 * (a blank or broken capture). The stylised stream must give its first frame within the fetch
 * timeout, and a running one must not go silent longer than the frame timeout.
 */
export const MAGIC_FRAME_SHORT_SIDE = 512;
export const MAGIC_JPEG_QUALITY = 0.7;
export const MAGIC_MIN_FRAME_BYTES = 6000;
export const MAGIC_STREAM_FETCH_TIMEOUT_MS = 9000;
export const MAGIC_FRAME_TIMEOUT_MS = 15_000;
/** The demo's frame size, and the default one (SPEC.md section 9). */
export const MAGIC_DEMO_SIZE = { width: 640, height: 640 } as const;
export const MAGIC_DEFAULT_SIZE = { width: 1280, height: 720 } as const;
/** A stream-engine Magic Cam session is charged one minute ahead, each minute (MAGIC_CREDITS_PER_MINUTE). */
export const MAGIC_CHARGE_INTERVAL_MS = 60_000;
