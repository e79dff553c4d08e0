/** Form rules shared by the web forms and the server (SPEC.md section 5). */
import { PASSWORD_MIN_LENGTH } from '../constants.js';

export function isValidPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /[A-Za-z]/.test(password) && /\d/.test(password);
}

/** `j***@example.com`: the first character, then stars, then the domain. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** Names in meeting tiles: at most `max` characters, then an ellipsis. */
export function truncateName(name: string, max = 10): string {
  const chars = Array.from(name);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : name;
}
