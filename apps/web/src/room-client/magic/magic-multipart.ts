/**
 * Magic Cam's stylised frames arrive as one long HTTP response (GET /api/magic/stream), a
 * `multipart/x-mixed-replace` body of JPEG parts. This splits the bytes, as they come in chunks
 * of any size, into the parts' bodies: by each part's Content-Length when it has one, else by
 * the next boundary.
 */
import { MAGIC_STREAM_BOUNDARY } from '@meet/shared';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const CRLF2 = encoder.encode('\r\n\r\n');
/** Parts are not bigger than this: a stream that claims more is broken, not slow. */
const MAX_PART_BYTES = 8 * 1024 * 1024;

/** The boundary a response's Content-Type names (quoted or not), else the protocol's. */
export function boundaryOf(contentType: string | null): string {
  const match = /boundary="?([^";]+)"?/i.exec(contentType ?? '');
  return match?.[1]?.trim() || MAGIC_STREAM_BOUNDARY;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  const last = haystack.length - needle.length;
  outer: for (let i = from; i <= last; i++) {
    if (haystack[i] !== first) continue;
    for (let j = 1; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

export class MultipartParser {
  private readonly delimiter: Uint8Array;
  /** The delimiter as it ends a part's body: on a line of its own. */
  private readonly closing: Uint8Array;
  private buffer = new Uint8Array(0);
  /** The current part's body length, once its headers are read (null: no length given). */
  private body: { length: number | null } | null = null;

  constructor(boundary: string) {
    this.delimiter = encoder.encode(`--${boundary}`);
    this.closing = encoder.encode(`\r\n--${boundary}`);
  }

  /** Takes the next bytes of the body; answers the parts they complete, in order. */
  push(chunk: Uint8Array): Uint8Array[] {
    this.append(chunk);
    const parts: Uint8Array[] = [];
    for (;;) {
      if (!this.body && !this.readHeaders()) break;
      const part = this.readBody();
      if (!part) break;
      parts.push(part);
    }
    return parts;
  }

  private append(chunk: Uint8Array): void {
    if (!this.buffer.length) {
      this.buffer = chunk.slice();
      return;
    }
    const joined = new Uint8Array(this.buffer.length + chunk.length);
    joined.set(this.buffer);
    joined.set(chunk, this.buffer.length);
    this.buffer = joined;
  }

  /** Finds the next delimiter and reads the headers after it; false until they are all here. */
  private readHeaders(): boolean {
    const start = indexOf(this.buffer, this.delimiter, 0);
    if (start < 0) {
      // Nothing before a delimiter is kept but what could be the start of one.
      this.buffer = this.buffer.slice(Math.max(0, this.buffer.length - this.delimiter.length));
      return false;
    }
    const end = indexOf(this.buffer, CRLF2, start);
    if (end < 0) {
      if (this.buffer.length - start > 16 * 1024) throw new Error('multipart headers too long');
      return false;
    }
    const headers = decoder.decode(this.buffer.subarray(start + this.delimiter.length, end));
    const length = /^content-length:\s*(\d+)\s*$/im.exec(headers)?.[1];
    const bytes = length === undefined ? null : Number(length);
    if (bytes !== null && bytes > MAX_PART_BYTES) throw new Error('multipart part too large');
    this.body = { length: bytes };
    this.buffer = this.buffer.slice(end + CRLF2.length);
    return true;
  }

  private readBody(): Uint8Array | null {
    const { length } = this.body!;
    let size: number;
    if (length !== null) {
      if (this.buffer.length < length) return null;
      size = length;
    } else {
      size = indexOf(this.buffer, this.closing, 0);
      if (size < 0) {
        if (this.buffer.length > MAX_PART_BYTES) throw new Error('multipart part too large');
        return null;
      }
    }
    const part = this.buffer.slice(0, size);
    this.buffer = this.buffer.slice(size);
    this.body = null;
    return part;
  }
}
