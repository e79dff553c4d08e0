/**
 * Avatar preparation in the browser: check the picked file against the avatar rules (SPEC.md
 * section 5) and crop it to a centred square PNG before upload.
 */
import {
  AVATAR_EXTENSIONS,
  AVATAR_MAX_SIDE,
  AVATAR_MIN_HEIGHT,
  AVATAR_MIN_WIDTH,
  type ErrorKey,
} from '@meet/shared';

/** Uploaded squares are at least this big so the server's 100x120 minimum still holds. */
const MIN_OUTPUT_SIDE = Math.max(AVATAR_MIN_WIDTH, AVATAR_MIN_HEIGHT);
/** The server stores 512 px; sending more only costs upload time. */
const MAX_OUTPUT_SIDE = 512;

export const AVATAR_ACCEPT = AVATAR_EXTENSIONS.map((ext) => `.${ext}`)
  .concat(['image/png', 'image/jpeg', 'image/gif'])
  .join(',');

export function checkAvatarType(fileName: string): ErrorKey | null {
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  return (AVATAR_EXTENSIONS as readonly string[]).includes(ext) ? null : 'avatarType';
}

export function checkAvatarSize(width: number, height: number): ErrorKey | null {
  if (width < AVATAR_MIN_WIDTH || height < AVATAR_MIN_HEIGHT) return 'avatarTooSmall';
  if (width > AVATAR_MAX_SIDE || height > AVATAR_MAX_SIDE) return 'avatarTooLarge';
  return null;
}

export interface SquareCrop {
  sx: number;
  sy: number;
  side: number;
  /** The side of the output canvas. */
  out: number;
}

export function centredSquare(width: number, height: number): SquareCrop {
  const side = Math.min(width, height);
  return {
    sx: Math.floor((width - side) / 2),
    sy: Math.floor((height - side) / 2),
    side,
    out: Math.min(MAX_OUTPUT_SIDE, Math.max(MIN_OUTPUT_SIDE, side)),
  };
}

export class AvatarRuleError extends Error {
  constructor(readonly key: ErrorKey) {
    super(key);
    this.name = 'AvatarRuleError';
  }
}

function loadImage(file: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new AvatarRuleError('avatarType'));
    image.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}

/** Checks the file and returns the cropped PNG; rule failures throw AvatarRuleError. */
export async function cropAvatar(file: File): Promise<Blob> {
  const typeError = checkAvatarType(file.name);
  if (typeError) throw new AvatarRuleError(typeError);
  const image = await loadImage(file);
  const sizeError = checkAvatarSize(image.naturalWidth, image.naturalHeight);
  if (sizeError) throw new AvatarRuleError(sizeError);
  const crop = centredSquare(image.naturalWidth, image.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = crop.out;
  canvas.height = crop.out;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('2d canvas is not available');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, crop.sx, crop.sy, crop.side, crop.side, 0, 0, crop.out, crop.out);
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('canvas export failed'))),
      'image/png',
    ),
  );
}
