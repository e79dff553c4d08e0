/**
 * Phone numbers for sign-in by text message: written as people write them ("+1 (555) 010-2030",
 * "+86 138-0013-8000"), kept in one form (E.164: "+" and 8 to 15 digits, the country code first).
 */

const SEPARATORS = /[\s().\-\u2010-\u2015\u2212]/g;
const E164 = /^\+[1-9]\d{7,14}$/;

/** The E.164 form of a number, or null when it is not one ("00" counts as "+"). */
export function normalizePhone(input: string): string | null {
  let compact = input.trim().replace(SEPARATORS, '');
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`;
  return E164.test(compact) ? compact : null;
}

export function isValidPhone(input: string): boolean {
  return normalizePhone(input) !== null;
}

/** `+86*******8000`: the country code's first digits and the last four, the rest starred. */
export function maskPhone(phone: string): string {
  if (phone.length <= 7) return phone;
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
}
