/** Client-side checks of the account forms; each returns a catalogue key or null. */
import { EMAIL_CODE_LENGTH, isValidPassword, type ErrorKey } from '@meet/shared';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE = new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`);

export function checkEmail(email: string): ErrorKey | null {
  return EMAIL.test(email.trim()) ? null : 'invalidEmail';
}

export function checkCode(code: string): ErrorKey | null {
  return CODE.test(code.trim()) ? null : 'codeFormat';
}

export function checkPassword(password: string): ErrorKey | null {
  return isValidPassword(password) ? null : 'passwordRule';
}
