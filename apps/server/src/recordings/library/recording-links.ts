/**
 * Signed links to a recording's files (video, audio-only, preview image), so a plain
 * `<video src>` or `<img src>` loads them without an Authorization header:
 * `/files/rec/<recordId>/<kind>?exp=<ms>&sig=<HMAC-SHA256 of "recordId/kind/exp[/version]">`.
 * They are handed only to people who may open the recording, and work for anyone holding them
 * until `exp` (RECORDING_LINK_TTL_MS ahead, rounded up to 10 minutes so the same page reloaded
 * gets the same URL and the browser's cache keeps working), or until the recording's link
 * version changes: narrowing its sharing raises it, and every link handed out before stops
 * working. The key comes from RECORDING_LINK_SECRET, or is made once and kept in $DATA_DIR, so
 * links survive a restart.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RECORDING_LINK_TTL_MS } from '@meet/shared';
import type { Clock } from '../../lib/clock.js';

export const RECORDING_FILE_KINDS = ['video', 'audio', 'preview'] as const;
export type RecordingFileKind = (typeof RECORDING_FILE_KINDS)[number];

export function isRecordingFileKind(value: string): value is RecordingFileKind {
  return (RECORDING_FILE_KINDS as readonly string[]).includes(value);
}

const EXPIRY_STEP_MS = 10 * 60 * 1000;
export const LINK_KEY_FILE = 'recording-link.key';

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

/**
 * The signing key: the setting when given; else the one kept in `dataDir` (made on first start,
 * readable by this user only). Two nodes starting at once on a shared folder both end up with
 * the file's key, since only one of them can create it.
 */
export async function loadLinkKey(setting: string | undefined, dataDir: string): Promise<Buffer> {
  if (setting) return Buffer.from(setting, 'utf8');
  const file = path.join(dataDir, LINK_KEY_FILE);
  try {
    return parseKeyFile(await readFile(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseKeyFile(await readFile(file, 'utf8'), file);
}

function parseKeyFile(text: string, file: string): Buffer {
  const hex = text.trim();
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${file} does not hold a 64-digit hex key`);
  return Buffer.from(hex, 'hex');
}
