/** Poll logic for voting and showing results: ballots, submissions, tallies, percentages, names. */
import { describe, expect, test } from 'vitest';
import {
  checkSubmission,
  firstUnanswered,
  formatPercent,
  percentTenths,
  tallyPoll,
  toSubmission,
  voterDisplayName,
} from './poll-results.js';

describe('voting', () => {
  const questions = [
    { questionId: 1, type: 0, options: [{ optionId: 1 }, { optionId: 2 }] },
    { questionId: 2, type: 1, options: [{ optionId: 1 }, { optionId: 2 }, { optionId: 3 }] },
  ];

  test.each([
    [{}, 1],
    [{ 1: 2 }, 2],
    [{ 1: 2, 2: [] }, 2],
    [{ 1: null, 2: [1] }, 1],
    [{ 1: 2, 2: [1, 3] }, null],
  ])('firstUnanswered of %j is %s', (selections, expected) => {
    expect(firstUnanswered(questions, selections)).toBe(expected);
  });

  test('a single choice is wrapped in a list', () => {
    expect(toSubmission(questions, { 1: 2, 2: [1, 3] })).toEqual([
      { questionId: 1, select: [2] },
      { questionId: 2, select: [1, 3] },
    ]);
  });

  test.each([
    [
      'all answered',
      [
        { questionId: 2, select: [3, 1] },
        { questionId: 1, select: [2] },
      ],
      'ok',
    ],
    ['a question left out', [{ questionId: 1, select: [2] }], 'pollUnanswered'],
    [
      'an empty selection',
      [
        { questionId: 1, select: [2] },
        { questionId: 2, select: [] },
      ],
      'pollUnanswered',
    ],
    [
      'two options for a single choice',
      [
        { questionId: 1, select: [1, 2] },
        { questionId: 2, select: [1] },
      ],
      'pollInvalidChoice',
    ],
    [
      'an unknown option',
      [
        { questionId: 1, select: [3] },
        { questionId: 2, select: [1] },
      ],
      'pollInvalidChoice',
    ],
    [
      'a repeated option',
      [
        { questionId: 1, select: [1] },
        { questionId: 2, select: [1, 1] },
      ],
      'pollInvalidChoice',
    ],
    [
      'an unknown question',
      [
        { questionId: 1, select: [1] },
        { questionId: 2, select: [1] },
        { questionId: 9, select: [1] },
      ],
      'pollInvalidChoice',
    ],
    [
      'a question answered twice',
      [
        { questionId: 1, select: [1] },
        { questionId: 1, select: [2] },
        { questionId: 2, select: [1] },
      ],
      'pollInvalidChoice',
    ],
  ])('checkSubmission: %s → %s', (_name, submission, expected) => {
    const result = checkSubmission(questions, submission);
    expect(result.ok ? 'ok' : result.key).toBe(expected);
  });

  test('checked answers come back in question order', () => {
    const result = checkSubmission(questions, [
      { questionId: 2, select: [3, 1] },
      { questionId: 1, select: [2] },
    ]);
    expect(result).toEqual({
      ok: true,
      answers: [
        { questionId: 1, select: [2] },
        { questionId: 2, select: [3, 1] },
      ],
    });
  });
});

describe('tallies and display', () => {
  test.each([
    [0, 0, 0],
    [1, 3, 333],
    [2, 3, 667],
    [3, 3, 1000],
    [1, 200, 5],
    [1, 2001, 0],
    [1, 8, 125],
  ])('%i of %i voters is %i tenths', (votes, voters, tenths) => {
    expect(percentTenths(votes, voters)).toBe(tenths);
  });

  test.each([
    [333, '33.3%'],
    [1000, '100.0%'],
    [10, '1.0%'],
    [9, '0.90%'],
    [5, '0.50%'],
    [0, '0.00%'],
    [667, '66.7%'],
  ])('formatPercent(%i) is %s', (tenths, text) => {
    expect(formatPercent(tenths)).toBe(text);
  });

  test.each([
    ['Ann', 'Ann'],
    ['a'.repeat(25), 'a'.repeat(25)],
    ['a'.repeat(26), `${'a'.repeat(23)}...`],
    ['张'.repeat(30), `${'张'.repeat(23)}...`],
  ])('voter name %s shows as %s', (name, shown) => {
    expect(voterDisplayName(name)).toBe(shown);
  });

  const questions = [
    { questionId: 1, type: 0, options: [{ optionId: 1 }, { optionId: 2 }] },
    { questionId: 2, type: 1, options: [{ optionId: 1 }, { optionId: 2 }] },
  ];
  const ballots = [
    {
      nickname: 'Ann',
      answers: [
        { questionId: 1, select: [1] },
        { questionId: 2, select: [1, 2] },
      ],
    },
    {
      nickname: 'Bob',
      answers: [
        { questionId: 1, select: [2] },
        { questionId: 2, select: [1] },
      ],
    },
    {
      nickname: 'Cy',
      answers: [
        { questionId: 1, select: [1] },
        { questionId: 2, select: [1] },
      ],
    },
  ];

  test('counts, tenths of the voters, names in voting order', () => {
    expect(tallyPoll(questions, ballots, false)).toEqual({
      votesNumbers: 3,
      summary: [
        {
          questionId: 1,
          optionInfo: [
            { optionId: 1, votesNumber: 2, percent: 667, members: ['Ann', 'Cy'] },
            { optionId: 2, votesNumber: 1, percent: 333, members: ['Bob'] },
          ],
        },
        {
          questionId: 2,
          optionInfo: [
            { optionId: 1, votesNumber: 3, percent: 1000, members: ['Ann', 'Bob', 'Cy'] },
            { optionId: 2, votesNumber: 1, percent: 333, members: ['Ann'] },
          ],
        },
      ],
    });
  });

  test('an anonymous poll names nobody', () => {
    const { summary } = tallyPoll(questions, ballots, true);
    expect(summary.flatMap((q) => q.optionInfo.flatMap((o) => o.members))).toEqual([]);
  });

  test('no ballots: zeros everywhere', () => {
    const { votesNumbers, summary } = tallyPoll(questions, [], false);
    expect(votesNumbers).toBe(0);
    expect(summary.flatMap((q) => q.optionInfo.map((o) => [o.votesNumber, o.percent]))).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });
});
