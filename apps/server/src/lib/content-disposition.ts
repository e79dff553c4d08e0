/**
 * The `Content-Disposition` of a download (RFC 6266, by the content-disposition package): the
 * UTF-8 name in `filename*`, and for clients that read only `filename` an ASCII fallback with
 * `_` for what ASCII cannot say (the package's own fallback uses `?`, which Windows refuses in
 * a file name).
 */
import { create } from 'content-disposition';

export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return create(filename, { fallback });
}
