/**
 * What one entry of the API's route table (routes.ts) says about a POST under /api/: the schema
 * the server validates its body with and the schema of its reply's payload. The server takes
 * both from the table, and the web types its calls by it, so neither can drift from the other.
 */
import type { z } from 'zod';

/** A call answered with the `{ code, msg, payload }` envelope (envelope.ts). */
export interface ApiRoute {
  /** The body's schema; none: the route reads no body, or (`upload`) reads its form itself. */
  readonly body?: z.ZodType;
  /** The payload of a success reply. */
  readonly reply: z.ZodType;
  /** The body is a multipart form carrying a file (the route reads it itself). */
  readonly upload?: true;
}

/** A call answered with a file on success; a refusal is still the JSON envelope. */
export interface ApiFileRoute {
  readonly body: z.ZodType;
}

/** A call made with GET (no body), answered with the `{ code, msg, payload }` envelope. */
export type ApiGetRoute = Pick<ApiRoute, 'reply'>;
