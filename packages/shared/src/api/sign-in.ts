/**
 * Requests and replies of the other ways to sign in (SPEC.md section 6, "Sign-in types"): a
 * code by text message, Google (OpenID Connect) with linking on /binding, and a QR code that a
 * signed-in device approves.
 */
import { z } from 'zod';
import { normalizePhone } from '../domain/phone.js';
import { boolField, codeField } from './fields.js';
import { loginPayload } from './user.js';

export const phoneField = z
  .string()
  .max(40, { error: 'invalidPhone' })
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: 'invalidPhone' });
      return z.NEVER;
    }
    return phone;
  });

export const sendSmsBody = z.object({ phone: phoneField });
export const phoneLoginBody = z.object({ phone: phoneField, code: codeField });

/** Opaque one-time values handed out by the server (tickets, scan ids, poll keys). */
const opaqueField = z
  .string()
  .trim()
  .min(8)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/);

export const googleStartBody = z.object({
  /** login: sign in (or make an account); bind: link Google to the signed-in account. */
  purpose: z.enum(['login', 'bind']).optional().default('login'),
  /** Where the app goes after signing in: a path of this site. */
  from: z.string().trim().max(500).optional(),
});
export const googleStartPayload = z.object({ url: z.string() });

/** SPEC.md's name for the Google sign-in call: it takes the ticket the Google callback gave. */
export const firebaseLoginBody = z.object({ ticket: opaqueField });
export const bindGoogleBody = z.object({
  ticket: opaqueField,
  /** Signed out: the password of the existing account with the Google address. */
  password: z.string().min(1).max(128).optional(),
});
/** What `googleAccountExists` carries: which account the Google address belongs to. */
export const googleBindingPayload = z.object({ email: z.string(), ticket: z.string() });

/**
 * Nothing: what the approver is shown of the waiting device is what the server saw of this
 * request (its User-Agent and address), never words the device chose (a `deviceName` sent by
 * older clients is ignored).
 */
export const uploadScanInfoBody = z.object({});
export const scanCodePayload = z.object({
  scanId: z.string(),
  /** Only the waiting device holds this; without it nobody can collect the sign-in. */
  pollKey: z.string(),
  /** The path a signed-in device opens to approve (the QR code holds origin + path). */
  path: z.string(),
  expiresAt: z.number(),
});
export type ScanCodePayload = z.infer<typeof scanCodePayload>;

export const scanStatus = z.enum(['waiting', 'scanned', 'approved', 'denied', 'expired', 'used']);
export type ScanStatus = z.infer<typeof scanStatus>;

export const getScanResultBody = z.object({ scanId: opaqueField, pollKey: opaqueField });
export const scanResultPayload = z.object({
  status: scanStatus,
  /** The sign-in, once and only once, when the code was approved. */
  login: loginPayload.nullable(),
});
export type ScanResultPayload = z.infer<typeof scanResultPayload>;

export const scanInfoBody = z.object({ scanId: opaqueField });
export const scanInfoPayload = z.object({
  scanId: z.string(),
  /** "Chrome · Linux" from the waiting device's User-Agent ('' when not recognised). */
  deviceName: z.string(),
  /** Its browser and system names ('' when not recognised). */
  browser: z.string(),
  os: z.string(),
  /** The address its request came from (no place is known for it here). */
  ip: z.string(),
  /** Whether that is the address this approving device's request came from. */
  sameNetwork: z.boolean(),
  /** The account an approval signs it in to: the approver's own. */
  signInAs: z.object({ userName: z.string(), email: z.string() }),
  status: scanStatus,
  createdAt: z.number(),
  expiresAt: z.number(),
});
export type ScanInfoPayload = z.infer<typeof scanInfoPayload>;

export const approveScanBody = z.object({
  scanId: opaqueField,
  approve: boolField.optional().default(true),
});
