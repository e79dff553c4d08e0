/**
 * A style's cover picture: what its author sends is checked like a background upload (png or
 * jpeg by its content, at most MAGIC_COVER_MAX_BYTES), and what is shown is a 256x256 JPEG
 * made from it.
 */
import { MAGIC_COVER_MAX_BYTES } from '@meet/shared';
import { AppError } from '../lib/app-error.js';

export const COVER_SIDE = 256;
const FORMATS = new Map([
  ['png', 'png'],
  ['jpeg', 'jpg'],
]);

/** The file extension of an acceptable cover; anything else is `magicCoverInvalid`. */
export async function checkCover(data: Buffer): Promise<string> {
  if (data.length === 0 || data.length > MAGIC_COVER_MAX_BYTES) {
    throw AppError.badRequest('magicCoverInvalid');
  }
  // libvips is loaded with the first image, not at start-up.
  const { default: sharp } = await import('sharp');
  try {
    const meta = await sharp(data).metadata();
    const ext = meta.format && FORMATS.get(meta.format);
    if (ext && meta.width && meta.height) return ext;
  } catch {
    // not an image sharp can read
  }
  throw AppError.badRequest('magicCoverInvalid');
}

/** The shown cover: centred, square, JPEG. Throws when the picture cannot be decoded. */
export async function makeCover(data: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(data)
    .rotate()
    .resize(COVER_SIDE, COVER_SIDE, { fit: 'cover', position: 'centre' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer();
}
