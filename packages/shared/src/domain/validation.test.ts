import { expect, test } from 'vitest';
import {
  isValidEmail,
  isValidPassword,
  maskEmail,
  meetingNickname,
  truncateName,
} from './validation.js';

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

test.each([
  ['jane@example.com', true],
  ['jane.doe+meet@mail.example.co.uk', true],
  ["o'brien@example.ie", true],
  ['a_b-c%d@sub-domain.example.org', true],
  ['user@xn--fiqs8s.xn--55qx5d', true],
  ['<script>alert(1)</script>@x.com', false],
  ['<script>@x.com', false],
  ['jane doe@example.com', false],
  ['jane@example', false],
  ['jane@-example.com', false],
  ['jane@example-.com', false],
  ['.jane@example.com', false],
  ['jane.@example.com', false],
  ['ja..ne@example.com', false],
  ['jane@@example.com', false],
  ['"jane"@example.com', false],
  ['jane@example.c', false],
  ['jane@exa_mple.com', false],
  ['@example.com', false],
  [`${'a'.repeat(65)}@example.com`, false],
  [`jane@${'a'.repeat(250)}.com`, false],
])('isValidEmail(%j) is %s', (email, valid) => {
  expect(isValidEmail(email)).toBe(valid);
});

test.each([
  ['Ann', { name: 'Ann', shortened: false }],
  ['  Ann  ', { name: 'Ann', shortened: false }],
  ['x'.repeat(30), { name: 'x'.repeat(30), shortened: false }],
  [
    'A very long profile name that is forty-five c',
    { name: 'A very long profile name that', shortened: true },
  ],
  ['张'.repeat(45), { name: '张'.repeat(30), shortened: true }],
  [`${'a'.repeat(29)}😀tail`, { name: 'a'.repeat(29), shortened: true }],
])('meetingNickname(%j)', (profile, expected) => {
  expect(meetingNickname(profile)).toEqual(expected);
});
