/** The shape of every API reply: `{ code, msg, payload }` (SPEC.md section 7). */
import { z } from 'zod';
import type { ErrorKey } from '../errors/messages.en.js';

export interface ApiReply<T> {
  code: number;
  msg: string;
  /** On failure: the catalogue key of `msg`, for clients that must tell outcomes apart. */
  key?: ErrorKey;
  payload: T;
}

export const replySchema = <T extends z.ZodType>(payload: T) =>
  z.object({ code: z.number(), msg: z.string(), payload });

export const emptyPayload = z.null();
