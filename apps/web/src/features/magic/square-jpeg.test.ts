import { expect, test } from 'vitest';
import { centreSquare } from './square-jpeg';

test.each([
  ['a 1280x720 camera gives its middle 720 square', 1280, 720, { x: 280, y: 0, side: 720 }],
  ['a portrait 720x1280 one its middle 720 square', 720, 1280, { x: 0, y: 280, side: 720 }],
  ['a square stays whole', 640, 640, { x: 0, y: 0, side: 640 }],
  ['an odd margin is rounded down', 641, 640, { x: 0, y: 0, side: 640 }],
])('%s', (_name, width, height, expected) => {
  expect(centreSquare(width, height)).toEqual(expected);
});
