/**
 * The server's signing key: links to recording files (recording-links.ts) and room passes
 * (conferences/room-pass.ts) are signed with keys derived from it. RECORDING_LINK_SECRET when
 * set (every node of a cluster the same), else a key made once and kept in $DATA_DIR, so what
 * was signed survives a restart.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Named for its first use; kept so a data folder made before keeps its key. */
export const SIGNING_KEY_FILE = 'recording-link.key';

/** A key for one purpose, so that what is signed for one can never pass for another. */
export function purposeKey(key: Buffer, purpose: string): Buffer {
  return createHmac('sha256', key).update(purpose).digest();
}

/**
 * The signing key: the setting when given; else the one kept in `dataDir` (made on first start,
 * readable by this user only). Two nodes starting at once on a shared folder both end up with
 * the file's key, since only one of them can create it.
 */
export async function loadSigningKey(
  setting: string | undefined,
  dataDir: string,
): Promise<Buffer> {
  if (setting) return Buffer.from(setting, 'utf8');
  const file = path.join(dataDir, SIGNING_KEY_FILE);
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
