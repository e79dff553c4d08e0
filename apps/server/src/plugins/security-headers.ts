/**
 * Security headers on every reply — the web app's HTML, the API and stored files: a Content
 * Security Policy that allows only our own origin (and no framing), nosniff, no referrer, and the
 * browser features a meeting needs limited to our own pages.
 *
 * Helmet says which headers; they are the same for every reply, so they are worked out once at
 * start (the Fastify plugin asked helmet again for each request, parsing the policy each time).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { cluster: boolean } = { cluster: false },
): Promise<void> {
  const headers = headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // WebAssembly (in-browser media effects) compiles, but no eval and no inline script.
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          // React sets style attributes (tile sizes, progress bars).
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          // Same-origin API and socket.io (CSP3 'self' covers ws/wss to this host).
          // With several nodes, the room's socket goes to the meeting's media node, which may
          // be another host or port.
          connectSrc: options.cluster ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      referrerPolicy: { policy: 'no-referrer' },
      // Uploaded images and recordings are fetched by our own pages only.
      crossOriginResourcePolicy: { policy: 'same-origin' },
    }),
  );
  headers['permissions-policy'] =
    'camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=()';
  const entries = Object.entries(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of entries) reply.header(name, value);
    done();
  });
}

/** The headers a helmet middleware sets (none of ours depends on the request). */
function headersOf(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}
