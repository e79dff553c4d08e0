import { describe, expect, test } from 'vitest';
import { checkCode, checkEmail, checkPassword } from './form-checks';

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
});
