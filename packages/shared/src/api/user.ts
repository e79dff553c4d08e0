/** Requests and replies of the account calls (SPEC.md section 7, "User"). */
import { z } from 'zod';
import { boolField, codeField, emailField, nicknameField, passwordField } from './fields.js';

export const emailCodeType = z.enum(['register', 'reset']);
export type EmailCodeType = z.infer<typeof emailCodeType>;

export const generateEmailVerifyCodeBody = z.object({ email: emailField, type: emailCodeType });
export const verifyEmailCodeBody = z.object({
  email: emailField,
  code: codeField,
  type: emailCodeType,
});
export const emailRegisterBody = z.object({
  email: emailField,
  code: codeField,
  password: passwordField,
});
export const emailLoginBody = z.object({ email: emailField, password: z.string().min(1).max(128) });
export const resetEmailPasswordBody = emailRegisterBody;
export const visitorLoginBody = z.object({
  uuid: z.string().trim().min(8).max(64),
  visitors: boolField.optional(),
  accountId: z.string().optional(),
});
export const updateUserInfoBody = z.object({ username: nicknameField() });

export const selfInfo = z.object({
  userId: z.number(),
  userConferenceId: z.string(),
  code: z.string(),
  avatar: z.string(),
  email: z.string(),
  userName: z.string(),
  userType: z.number(),
  payType: z.number(),
  expiredTime: z.number(),
  energyPoint: z.number(),
  isVisitor: z.boolean(),
  /** The sign-in phone number (E.164), '' when none. */
  phone: z.string(),
  /** Whether a Google account is linked for sign-in. */
  googleLinked: z.boolean(),
});
export type SelfInfo = z.infer<typeof selfInfo>;

export const loginPayload = z.object({
  token: z.string(),
  userInfo: selfInfo,
  /**
   * This sign-in made the account (a phone number's first): the app asks for a display name
   * before going on, as the account's name is only the masked number. Absent otherwise.
   */
  newAccount: z.boolean().optional(),
});
export type LoginPayload = z.infer<typeof loginPayload>;

export const avatarPayload = z.object({ url: z.string() });
