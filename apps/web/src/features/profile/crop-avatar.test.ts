import { describe, expect, test } from 'vitest';
import { centredSquare, checkAvatarSize, checkAvatarType } from './crop-avatar';

describe('avatar rules', () => {
  test.each([
    ['me.png', null],
    ['me.JPG', null],
    ['me.jpeg', null],
    ['me.gif', null],
    ['me.webp', 'avatarType'],
    ['me', 'avatarType'],
  ])('type of %s', (name, expected) => expect(checkAvatarType(name)).toBe(expected));

  test.each([
    [100, 120, null],
    [99, 120, 'avatarTooSmall'],
    [100, 119, 'avatarTooSmall'],
    [3000, 3000, null],
    [3001, 200, 'avatarTooLarge'],
  ])('size %ix%i', (w, h, expected) => expect(checkAvatarSize(w, h)).toBe(expected));

  test.each([
    [100, 120, { sx: 0, sy: 10, side: 100, out: 120 }],
    [400, 300, { sx: 50, sy: 0, side: 300, out: 300 }],
    [2000, 1000, { sx: 500, sy: 0, side: 1000, out: 512 }],
  ])('centred square of %ix%i', (w, h, expected) => expect(centredSquare(w, h)).toEqual(expected));
});
