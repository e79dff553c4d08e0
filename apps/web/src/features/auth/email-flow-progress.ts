/**
 * The sign-up or password reset in progress, kept for this tab (sessionStorage): the address a
 * code was sent to and when. A reload during the flow comes back to the code step for it, with the
 * resend wait counted from that send; a code that has expired is not come back to.
 */
import { EMAIL_CODE_TTL_MS, type EmailCodeType } from '@meet/shared';

export interface EmailFlowProgress {
  email: string;
  /** When the last code was sent (ms since the epoch). */
  sentAt: number;
}

const keyOf = (type: EmailCodeType) => `emailCodeFlow:${type}`;

export function saveEmailFlow(type: EmailCodeType, progress: EmailFlowProgress) {
  try {
    sessionStorage.setItem(keyOf(type), JSON.stringify(progress));
  } catch {
    // Storage full or refused (private mode): the flow works as before, only not across a reload.
  }
}

export function loadEmailFlow(type: EmailCodeType, now: number): EmailFlowProgress | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(keyOf(type)) ?? 'null') as Partial<
      Record<keyof EmailFlowProgress, unknown>
    > | null;
    if (typeof stored?.email !== 'string' || !stored.email) return null;
    if (typeof stored.sentAt !== 'number' || stored.sentAt > now) return null;
    if (now - stored.sentAt >= EMAIL_CODE_TTL_MS) return null;
    return { email: stored.email, sentAt: stored.sentAt };
  } catch {
    return null;
  }
}

export function clearEmailFlow(type: EmailCodeType) {
  try {
    sessionStorage.removeItem(keyOf(type));
  } catch {
    // Nothing kept to clear.
  }
}
