/** Client-side checks of the account forms; each returns a catalogue key or null. */
import {
  EMAIL_CODE_LENGTH,
  NICKNAME_MAX_PROFILE,
  isValidEmail,
  isValidPassword,
  type ErrorKey,
} from '@meet/shared';
import { lengthLimit } from '../../ui/length-limit';

const CODE = new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`);

export function checkEmail(email: string): ErrorKey | null {
  // The same rule the server applies (lower-cased there too).
  return isValidEmail(email.trim().toLowerCase()) ? null : 'invalidEmail';
}

export function checkCode(code: string): ErrorKey | null {
  return CODE.test(code.trim()) ? null : 'codeFormat';
}

export function checkPassword(password: string): ErrorKey | null {
  return isValidPassword(password) ? null : 'passwordRule';
}

/** A display name as the profile call takes it: not blank, at most the profile's length. */
export function checkDisplayName(name: string): ErrorKey | null {
  if (!name.trim()) return 'nicknameEmpty';
  return lengthLimit(name, NICKNAME_MAX_PROFILE).over ? 'nicknameTooLong' : null;
}
