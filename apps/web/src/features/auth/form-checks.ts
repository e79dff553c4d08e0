/** Client-side checks of the account forms; each returns a catalogue key or null. */
import { EMAIL_CODE_LENGTH, isValidEmail, isValidPassword, type ErrorKey } from '@meet/shared';

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
