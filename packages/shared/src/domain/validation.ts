/** Form rules shared by the web forms and the server (SPEC.md section 5). */
import { NICKNAME_MAX_MEETING, PASSWORD_MIN_LENGTH } from '../constants.js';

export function isValidPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /[A-Za-z]/.test(password) && /\d/.test(password);
}

// Local part: letters, digits and . _ % + ' - (no leading, trailing or doubled dot); domain:
// dot-separated labels of letters, digits and inner hyphens, ending in a top-level name of
// letters (or punycode). What mail systems deliver in practice; no markup, spaces or quotes.
const EMAIL_LOCAL = /^[A-Za-z0-9_%+'-]+(?:\.[A-Za-z0-9_%+'-]+)*$/;
const EMAIL_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const EMAIL_TLD = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** Whether an address is one we would send mail to (at most 254 characters, RFC 5321). */
export function isValidEmail(email: string): boolean {
  if (email.length > 254) return false;
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  return (
    local.length <= 64 &&
    EMAIL_LOCAL.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => EMAIL_LABEL.test(label)) &&
    EMAIL_TLD.test(labels[labels.length - 1]!)
  );
}

/**
 * The name someone is shown by in a meeting, from their profile name (which may be longer):
 * trimmed and cut to the meeting's limit. `shortened` says it was cut, so the person can be
 * told (and change it) rather than be refused.
 */
export function meetingNickname(
  profileName: string,
  max = NICKNAME_MAX_MEETING,
): { name: string; shortened: boolean } {
  const trimmed = profileName.trim();
  // Counted in UTF-16 units, as the server's schema counts.
  if (trimmed.length <= max) return { name: trimmed, shortened: false };
  let cut = trimmed.slice(0, max);
  // Never end on half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return { name: cut.trimEnd(), shortened: true };
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

/** "123 456 789" or "123 456 7890": a meeting number in groups, as people read it aloud. */
export function formatConferenceNumber(id: string): string {
  const match = /^(\d{3})(\d{3})(\d{3,4})$/.exec(id);
  return match ? `${match[1]} ${match[2]} ${match[3]}` : id;
}
