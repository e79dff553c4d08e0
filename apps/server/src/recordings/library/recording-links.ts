/**
 * Signed links to a recording's files (video, audio-only, preview image), so a plain
 * `<video src>` or `<img src>` loads them without an Authorization header:
 * `/files/rec/<recordId>/<kind>?exp=<ms>&sig=<HMAC-SHA256 of "recordId/kind/exp[/version]">`.
 * They are handed only to people who may open the recording, and work for anyone holding them
 * until `exp` (RECORDING_LINK_TTL_MS ahead, rounded up to 10 minutes so the same page reloaded
 * gets the same URL and the browser's cache keeps working), or until the recording's link
 * version changes: narrowing its sharing raises it, and every link handed out before stops
 * working. The key is the server's signing key (lib/signing-key.ts), so links survive a restart.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { RECORDING_LINK_TTL_MS } from '@meet/shared';
import type { Clock } from '../../lib/clock.js';

export const RECORDING_FILE_KINDS = ['video', 'audio', 'preview'] as const;
export type RecordingFileKind = (typeof RECORDING_FILE_KINDS)[number];

export function isRecordingFileKind(value: string): value is RecordingFileKind {
  return (RECORDING_FILE_KINDS as readonly string[]).includes(value);
}

const EXPIRY_STEP_MS = 10 * 60 * 1000;

export type LinkCheck = 'valid' | 'invalid' | 'expired';

/** What a link is signed for: the recording and its current link version. */
export interface LinkTarget {
  recordId: string;
  linkVersion: number;
}

export class RecordingLinks {
  constructor(
    private readonly key: Buffer,
    private readonly clock: Clock,
  ) {}

  /**
   * A link to one of the recording's files, good for at least RECORDING_LINK_TTL_MS while the
   * recording's link version stays.
   */
  url(target: LinkTarget, kind: RecordingFileKind): string {
    const exp =
      Math.ceil((this.clock.now() + RECORDING_LINK_TTL_MS) / EXPIRY_STEP_MS) * EXPIRY_STEP_MS;
    const query = new URLSearchParams({
      exp: String(exp),
      sig: this.signature(target, kind, exp),
    });
    return `/files/rec/${encodeURIComponent(target.recordId)}/${kind}?${query.toString()}`;
  }

  /** Whether a link is one this recording, at its current link version, would be given. */
  check(target: LinkTarget, kind: string, exp: unknown, sig: unknown): LinkCheck {
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,15}$/.test(exp))
      return 'invalid';
    const expected = Buffer.from(this.signature(target, kind, Number(exp)));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return Number(exp) > this.clock.now() ? 'valid' : 'expired';
  }

  private signature({ recordId, linkVersion }: LinkTarget, kind: string, exp: number): string {
    // Version 0 signs what links signed before there were versions, so those handed out before
    // the upgrade keep working until they expire.
    const signed = `${recordId}/${kind}/${exp}${linkVersion === 0 ? '' : `/${linkVersion}`}`;
    return createHmac('sha256', this.key).update(signed).digest('base64url');
  }
}
