/** The shape of every API reply: `{ code, msg, payload }` (SPEC.md section 7). */
import { z } from 'zod';

export interface ApiReply<T> {
  code: number;
  msg: string;
  payload: T;
}

export const replySchema = <T extends z.ZodType>(payload: T) =>
  z.object({ code: z.number(), msg: z.string(), payload });

export const emptyPayload = z.null();
