import { describe, expect, test } from 'vitest';
import { isValidPhone, maskPhone, normalizePhone } from './phone.js';

describe('phone numbers', () => {
  test.each([
    ['+1 (555) 010-2030', '+15550102030'],
    ['+86 138-0013-8000', '+8613800138000'],
    ['0044 20 7946 0958', '+442079460958'],
    ['  +49.30.1234567 ', '+49301234567'],
    ['+8613800138000', '+8613800138000'],
  ])('%j is %s', (input, e164) => {
    expect(normalizePhone(input)).toBe(e164);
    expect(isValidPhone(input)).toBe(true);
  });

  test.each([
    ['no country code', '13800138000'],
    ['too short', '+1234567'],
    ['too long', '+1234567890123456'],
    ['a leading zero after +', '+0123456789'],
    ['letters', '+1 555 CALL NOW'],
    ['empty', ''],
    ['two plus signs', '++15550102030'],
    ['markup', '+1555<b>0102030'],
  ])('%s (%j) is refused', (_why, input) => {
    expect(normalizePhone(input)).toBeNull();
    expect(isValidPhone(input)).toBe(false);
  });

  test('a masked number keeps the country code and the last four digits', () => {
    expect(maskPhone('+8613800138000')).toBe('+86*******8000');
    expect(maskPhone('+15550102030')).toBe('+15*****2030');
  });
});
