/**
 * The machinery of socket-fuzz.test.ts: a message schema as JSON schema, the malformed messages
 * derived from a valid sample of it (with the bad values of route-fuzz-cases.ts), whole messages
 * of the wrong shape, and a socket.io connection that reports a refused handshake instead of
 * retrying it.
 */
import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';
import { fieldName, leavesOf, withValue, type JsonSchema } from './fuzz-schemas.js';
import { badValuesFor } from './route-fuzz-cases.js';

/** A zod schema of the protocol as the JSON schema the fuzz machinery walks (its input side). */
export const toSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as unknown as JsonSchema;

export interface SocketCase {
  name: string;
  value: unknown;
  mustFail: boolean;
}

/** Every field of a sample in turn with every bad value (nothing about numbers must fail). */
export function socketCases(schema: JsonSchema, sample: unknown, prefix = ''): SocketCase[] {
  return leavesOf(schema, sample).flatMap((leaf) =>
    badValuesFor(leaf).map((bad) => ({
      name: `${prefix}${fieldName(leaf.path)} = ${bad.name}`,
      value: withValue(sample, leaf.path, bad.value),
      mustFail: bad.mustFail ?? false,
    })),
  );
}

/** Whole messages of the wrong shape. */
export const wrongShapes = (discriminator: string): SocketCase[] =>
  [
    ['null', null],
    ['a string', 'text'],
    ['a number', 42],
    ['an array', []],
    ['an empty object', {}],
    [`an unknown ${discriminator}`, { [discriminator]: 'nope' }],
    [`a ${discriminator} with a NUL byte`, { [discriminator]: 'a\u0000b' }],
    [`a ${discriminator} with a lone surrogate`, { [discriminator]: '\uD800x' }],
  ].map(([name, value]) => ({ name: `${name}`, value, mustFail: true }));

/** A fresh connection (no reconnecting): the socket once connected, or the handshake's refusal. */
export function connectSocket(
  url: string,
  auth: unknown,
): Promise<
  { socket: Socket; error?: undefined } | { socket?: undefined; error: Error & { data?: unknown } }
> {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: auth as Record<string, unknown>,
    reconnection: false,
    forceNew: true,
    timeout: 8000,
  });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (error) => {
      socket.close();
      resolve({ error });
    });
  });
}
