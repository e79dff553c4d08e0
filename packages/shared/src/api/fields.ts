/**
 * Field schemas that accept both JSON and form-encoded bodies (where every value is a string).
 * Messages are error keys of `errors/messages.ts`; the server turns them into text.
 */
import { z } from 'zod';
import { EMAIL_CODE_LENGTH, NICKNAME_MAX_PROFILE, TIME_WINDOW_MS } from '../constants.js';
import { isDisplayText } from '../domain/safe-text.js';
import { isValidEmail, isValidPassword } from '../domain/validation.js';

export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: 'invalidEmail' })
  .refine(isValidEmail, { error: 'invalidEmail' });

export const codeField = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .pipe(z.string().regex(new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`), { error: 'codeFormat' }));

export const passwordField = z
  .string()
  .max(128, { error: 'passwordRule' })
  .refine(isValidPassword, { error: 'passwordRule' });

export const boolField = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

/** Names and topics: no control characters or bidi overrides (see `isDisplayText`). */
export const displayText = <T extends z.ZodString>(schema: T) =>
  schema.refine(isDisplayText, { error: 'textControlChars' });

export const nicknameField = (max: number = NICKNAME_MAX_PROFILE) =>
  displayText(
    z.string().trim().min(1, { error: 'nicknameEmpty' }).max(max, { error: 'nicknameTooLong' }),
  );

/** Integers sent as numbers (JSON) or digit strings (forms). */
export const intField = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+$/),
  ])
  .transform((value) => Number(value))
  .pipe(z.number().int());

/**
 * An instant (ms since the epoch) inside TIME_WINDOW_MS. Without the bound a time the platform
 * cannot turn into a date (up to 2^53) was stored, and every page, calendar and query showing it
 * failed for everyone who could see it.
 */
export const timeField = intField.pipe(
  z
    .number()
    .min(TIME_WINDOW_MS.min, { error: 'timeOutOfRange' })
    .max(TIME_WINDOW_MS.max, { error: 'timeOutOfRange' }),
);

/** The opaque uri that calls about a live meeting name it by. */
export const conferenceUriField = z.string().trim().min(1).max(64);
