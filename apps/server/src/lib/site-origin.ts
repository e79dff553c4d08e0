/** The site's own address for a request, for links that send the browser back to us. */
import type { FastifyRequest } from 'fastify';

/**
 * PUBLIC_URL when it is set; else the origin the request came in at when that is one of the
 * site's (config.siteOrigins), else the first of those. A forged Host header gets the site's own
 * address, never its own.
 */
export function siteUrlOf(request: FastifyRequest): string {
  const { publicUrl, siteOrigins } = request.server.config;
  if (publicUrl) return publicUrl.replace(/\/$/, '');
  let asked: string | undefined;
  try {
    asked = new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    asked = undefined;
  }
  return asked && siteOrigins.includes(asked) ? asked : siteOrigins[0]!;
}
