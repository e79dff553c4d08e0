import { expect, test } from 'vitest';
import { isValidPassword, maskEmail, truncateName } from './validation.js';

test.each([
  ['abc123', true],
  ['abc12', false],
  ['abcdef', false],
  ['123456', false],
  ['  a1  x', true],
])('password %j valid: %s', (password, expected) => {
  expect(isValidPassword(password)).toBe(expected);
});

test.each([
  ['jane@example.com', 'j***@example.com'],
  ['a@b.co', 'a***@b.co'],
  ['broken', 'broken'],
])('maskEmail(%s) = %s', (email, masked) => {
  expect(maskEmail(email)).toBe(masked);
});

test.each([
  ['Short', 'Short'],
  ['ExactlyTen', 'ExactlyTen'],
  ['Elevenchars', 'Elevenchar...'],
  ['张三李四王五赵六钱七孙八', '张三李四王五赵六钱七...'],
])('truncateName(%s) = %s', (name, shown) => {
  expect(truncateName(name)).toBe(shown);
});
