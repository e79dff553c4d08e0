import { describe, expect, test } from 'vitest';
import { speakerNamesFor, type NamedAt } from './speaker-names.js';

const START = 1_000_000;
const numbered = (n: number) => `Speaker ${n}`;
const members: NamedAt[] = [
  { userId: 7, name: 'Ann', at: START - 5000 },
  { userId: 7, name: 'Ann B.', at: START + 60_000 },
  { userId: 9, name: 'Bo', at: START + 30_000 },
];

describe('the name shown for a line of a recording transcript', () => {
  test.each([
    [
      'a name the owner gave wins over the member name',
      7,
      10_000,
      new Map([[7, 'Annie']]),
      'Annie',
    ],
    ['the member name at the time of the line', 7, 10_000, new Map(), 'Ann'],
    ['a rename during the meeting applies from then on', 7, 61_000, new Map(), 'Ann B.'],
    ['a line before the first known name takes the first one', 9, 1000, new Map(), 'Bo'],
    ['a member the timeline never named is numbered', 11, 0, new Map(), 'Speaker 1'],
    ['lines the speech pass could not place are numbered', 0, 0, new Map(), 'Speaker 1'],
    ['a name given to speaker 0 is used', 0, 0, new Map([[0, 'Guest']]), 'Guest'],
  ])('%s', (_name, speakerId, startTime, given, expected) => {
    expect(speakerNamesFor([{ speakerId, startTime }], given, members, START, numbered)).toEqual([
      expected,
    ]);
  });

  test('unnamed speakers are numbered by first appearance and keep their number', () => {
    const lines = [
      { speakerId: 11, startTime: 0 },
      { speakerId: 7, startTime: 1 },
      { speakerId: 0, startTime: 2 },
      { speakerId: 11, startTime: 3 },
      { speakerId: 12, startTime: 4 },
    ];
    expect(speakerNamesFor(lines, new Map(), members, START, numbered)).toEqual([
      'Speaker 1',
      'Ann',
      'Speaker 2',
      'Speaker 1',
      'Speaker 3',
    ]);
  });
});
