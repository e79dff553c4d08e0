import { describe, expect, test } from 'vitest';
import { checkCode, checkDisplayName, checkEmail, checkPassword } from './form-checks';

describe('account form checks', () => {
  test.each([
    ['a@b.co', null],
    [' a@b.co ', null],
    ['a@b', 'invalidEmail'],
    ['', 'invalidEmail'],
    ['<script>alert(1)</script>@x.com', 'invalidEmail'],
    ['Jane.Doe@Example.com', null],
  ])('email %j', (value, expected) => expect(checkEmail(value)).toBe(expected));

  test.each([
    ['123456', null],
    ['12345', 'codeFormat'],
    ['12345a', 'codeFormat'],
  ])('code %j', (value, expected) => expect(checkCode(value)).toBe(expected));

  test.each([
    ['abc123', null],
    ['abc12', 'passwordRule'],
    ['abcdef', 'passwordRule'],
    ['123456', 'passwordRule'],
  ])('password %j', (value, expected) => expect(checkPassword(value)).toBe(expected));

  test.each([
    ['Grace', null],
    ['  Grace Hopper ', null],
    ['   ', 'nicknameEmpty'],
    ['', 'nicknameEmpty'],
    ['x'.repeat(50), null],
    ['x'.repeat(51), 'nicknameTooLong'],
  ])('display name %j', (value, expected) => expect(checkDisplayName(value)).toBe(expected));
});
