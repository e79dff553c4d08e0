/**
 * A cover picture from the preview: the video's centre square as it shows now (the styled
 * picture while Magic Cam runs), drawn at the demo size (SPEC.md section 9: 640x640) and
 * encoded as JPEG. Not mirrored: a cover shows what others would see.
 */
import { MAGIC_DEMO_SIZE } from '@meet/shared';

/** A cover is looked at rather than streamed: better than the frames' quality. */
const COVER_QUALITY = 0.85;

/** The centre square of a `width` x `height` picture: where to cut, and its side. */
export function centreSquare(
  width: number,
  height: number,
): { x: number; y: number; side: number } {
  const side = Math.min(width, height);
  return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), side };
}

export function squareJpeg(
  video: HTMLVideoElement,
  size = MAGIC_DEMO_SIZE.width,
): Promise<Blob | null> {
  const { videoWidth, videoHeight } = video;
  if (!videoWidth || !videoHeight) return Promise.resolve(null);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  const { x, y, side } = centreSquare(videoWidth, videoHeight);
  context.drawImage(video, x, y, side, side, 0, 0, size, size);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', COVER_QUALITY));
}
