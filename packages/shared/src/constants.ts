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
export const SUPPORTED_BROWSER_MIN_VERSION = 80;
export const REQUEST_TIMEOUT_MS = 15000;

export const MAX_RESERVATION_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_MEETING_DURATION_MS = 60 * 60 * 1000;
export const ABOUT_TO_BEGIN_MS = 5 * 60 * 1000;
export const FINISHED_PAGE_SIZE = 20;
export const CONFERENCE_STATUS = { reserved: 1, running: 2, finished: 3 } as const;
