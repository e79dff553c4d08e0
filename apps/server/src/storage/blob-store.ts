/**
 * Where files live (avatars, feedback screenshots, recordings): a local folder by default, S3
 * when several nodes share the work (s3-blob-store.ts).
 */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface BlobStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Stores a file from disk without reading it into memory (recordings are large). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /**
   * A readable stream and its size, or null when there is no such blob. With `range`, the stream
   * holds only bytes `start`..`end` (inclusive; a player seeking); `size` is still the whole's.
   */
  get(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9._/-]*$/;

/** A key names a file under the store's root and nothing outside it, in every store. */
export function isSafeBlobKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..');
}

/** Writing under an unsafe key is a programming error; reading one just finds nothing. */
export function assertSafeBlobKey(key: string): void {
  if (!isSafeBlobKey(key)) throw new Error(`unsafe blob key: ${key}`);
}

export class LocalBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeBlobKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename so a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, file);
  }

  async putFile(key: string, source: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await copyFile(source, tmp);
    await rename(tmp, file);
  }

  async get(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ stream: Readable; size: number } | null> {
    if (!isSafeBlobKey(key)) return null;
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { stream: createReadStream(file, range), size: info.size };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
