/**
 * Magic Cam's stream engine in the browser: camera frames go to a streaming image-to-image
 * server through our `/magic` socket, its stylised frames come back on an HTTP stream
 * (GET /api/magic/stream?token=…, multipart/x-mixed-replace JPEG parts).
 *
 * Frames are scaled to a 512 px short side and encoded as JPEG at quality 0.7 (SPEC.md section
 * 9); one of 6000 bytes or fewer is a blank or broken capture and is not sent; at most one is in
 * flight (sent, its stylised answer not yet back), so a slow server is not flooded. The stream
 * must give its first frame within 9 s ('streamFetchAbort'); a refused or failed request is
 * 'streamFetchError', a stream that breaks or ends while running 'streamReaderError'.
 */
import {
  MAGIC_FRAME_SHORT_SIDE,
  MAGIC_JPEG_QUALITY,
  MAGIC_MIN_FRAME_BYTES,
  MAGIC_STREAM_FETCH_TIMEOUT_MS,
  type MagicCloseReason,
} from '@meet/shared';
import { Emitter } from '../emitter';
import { MultipartParser, boundaryOf } from './magic-multipart';

/**
 * A frame sent without a stylised frame back for this long is taken as lost (the server may
 * drop frames), and the next one may go.
 */
const IN_FLIGHT_LIMIT_MS = 1000;

/** The stream engine as the pipeline's stage sees it: camera frames in, stylised frames out. */
export interface MagicFrameSource {
  /** A camera frame: drawn at once (the caller may close it), then encoded and sent if it may. */
  offer(source: CanvasImageSource): void;
  /** The newest stylised frame, and how many have arrived so far. */
  readonly latest: ImageBitmap | null;
  readonly received: number;
}

/** The size frames are sent at: the camera's shape with a 512 px short side, even numbers. */
export function streamFrameSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MAGIC_FRAME_SHORT_SIDE / Math.min(width, height));
  const even = (n: number) => Math.max(16, Math.round((n * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}

type Canvas2d = OffscreenCanvas | HTMLCanvasElement;

function makeCanvas(width: number, height: number): Canvas2d {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  return c;
}

function toJpeg(canvas: Canvas2d): Promise<Blob | null> {
  if ('convertToBlob' in canvas)
    return canvas.convertToBlob({ type: 'image/jpeg', quality: MAGIC_JPEG_QUALITY });
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', MAGIC_JPEG_QUALITY));
}

export interface MagicStreamOptions {
  /** GET /api/magic/stream?token=… (on the Magic Cam server's origin). */
  url: string;
  /** The camera's size; frames are sent at `streamFrameSize` of it. */
  width: number;
  height: number;
  /** Sends one JPEG on the socket. */
  send: (jpeg: ArrayBuffer) => void;
}

export class MagicStream
  extends Emitter<{ failed: [reason: MagicCloseReason] }>
  implements MagicFrameSource
{
  latest: ImageBitmap | null = null;
  received = 0;
  readonly size: { width: number; height: number };
  private readonly canvas: Canvas2d;
  private readonly controller = new AbortController();
  private encoding = false;
  /** When the frame in flight was sent (0: none). */
  private sentAt = 0;
  private timedOut = false;
  private closed = false;

  constructor(private readonly options: MagicStreamOptions) {
    super();
    this.size = streamFrameSize(options.width, options.height);
    this.canvas = makeCanvas(this.size.width, this.size.height);
  }

  /** Opens the stylised stream. */
  start(): void {
    void this.read();
  }

  offer(source: CanvasImageSource): void {
    if (this.closed || this.encoding) return;
    if (this.sentAt && performance.now() - this.sentAt < IN_FLIGHT_LIMIT_MS) return;
    const ctx = this.canvas.getContext('2d') as
      OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
    if (!ctx) return;
    ctx.drawImage(source, 0, 0, this.size.width, this.size.height);
    this.encoding = true;
    void this.encode().finally(() => (this.encoding = false));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.controller.abort();
    this.latest?.close();
    this.latest = null;
    this.removeAllListeners();
  }

  private async encode(): Promise<void> {
    const blob = await toJpeg(this.canvas);
    if (this.closed || !blob || blob.size <= MAGIC_MIN_FRAME_BYTES) return;
    const bytes = await blob.arrayBuffer();
    if (this.closed) return;
    this.options.send(bytes);
    this.sentAt = performance.now();
  }

  private async read(): Promise<void> {
    const timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, MAGIC_STREAM_FETCH_TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(this.options.url, {
        signal: this.controller.signal,
        cache: 'no-store',
      });
    } catch {
      clearTimeout(timer);
      return this.fail(this.timedOut ? 'streamFetchAbort' : 'streamFetchError');
    }
    if (!response.ok || !response.body) {
      clearTimeout(timer);
      return this.fail('streamFetchError');
    }
    const parser = new MultipartParser(boundaryOf(response.headers.get('content-type')));
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) throw new Error('the stream ended');
        for (const part of parser.push(value)) {
          clearTimeout(timer);
          await this.show(part);
        }
      }
    } catch {
      clearTimeout(timer);
      this.fail(this.timedOut ? 'streamFetchAbort' : 'streamReaderError');
    }
  }

  private async show(jpeg: Uint8Array): Promise<void> {
    let bitmap: ImageBitmap;
    try {
      bitmap = await createImageBitmap(new Blob([jpeg as BlobPart], { type: 'image/jpeg' }));
    } catch {
      // One broken picture is skipped; the stream goes on.
      return;
    }
    if (this.closed) return bitmap.close();
    this.latest?.close();
    this.latest = bitmap;
    this.received += 1;
    this.sentAt = 0;
  }

  private fail(reason: MagicCloseReason): void {
    if (this.closed) return;
    this.emit('failed', reason);
  }
}
