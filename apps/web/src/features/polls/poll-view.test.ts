import { describe, expect, test } from 'vitest';
import { detail } from './poll-fixtures';
import { formOfPoll, resultRows, statusKey, summariesFrom } from './poll-view';

describe('result rows', () => {
  test('counts, percentages (1 decimal, 2 below 1%), bars and cut voter names', () => {
    const [q] = resultRows(detail());
    expect(q!.options.map((o) => [o.votes, o.percentText, o.barWidth, o.mine])).toEqual([
      [1, '33.3%', '33.3%', false],
      [2, '66.7%', '66.7%', true],
      [0, '0.50%', '0.5%', false],
    ]);
    expect(q!.options[1]!.voters).toEqual([
      { full: 'A name that is much longer than 25', shown: 'A name that is much lon...' },
      { full: 'Bo', shown: 'Bo' },
    ]);
  });

  test('hidden results (member before publishing) show no counts and no names', () => {
    const [q] = resultRows(detail({ isHost: false, resultVisible: false }));
    expect(q!.options.every((o) => o.votes === null && o.percentText === null)).toBe(true);
    expect(q!.options.every((o) => o.voters.length === 0)).toBe(true);
    expect(q!.options[1]!.mine).toBe(true);
  });

  test('anonymous polls never show names; a draft shows no counts', () => {
    expect(resultRows(detail({ anonymous: 1 }))[0]!.options[1]!.voters).toEqual([]);
    expect(resultRows(detail({ status: 0 }))[0]!.options[0]!.votes).toBeNull();
  });
});

describe('the edit form of a saved poll', () => {
  test('keeps texts and type, numbered 1..n', () => {
    const poll = detail({ anonymous: 1 });
    poll.questions[0]!.questionId = 5;
    expect(formOfPoll(poll)).toEqual({
      title: 'Lunch',
      anonymous: 1,
      questions: [
        {
          questionId: 1,
          title: 'Where?',
          type: 0,
          options: [
            { optionId: 1, optionDesc: 'Here' },
            { optionId: 2, optionDesc: 'There' },
            { optionId: 3, optionDesc: 'Nowhere' },
          ],
        },
      ],
    });
  });
});

describe('labels and Home', () => {
  test.each([
    [0, 'notLaunched'],
    [1, 'inProgress'],
    [2, 'ended'],
  ])('status %d is %s', (status, key) => expect(statusKey(status)).toBe(key));

  test("Home's voteList seeds the list only with summaries", () => {
    expect(summariesFrom(undefined)).toBeNull();
    expect(summariesFrom([])).toBeNull();
    expect(summariesFrom([{ foo: 1 }, 'x'])).toBeNull();
    const poll = detail();
    expect(summariesFrom([poll, null])).toEqual([poll]);
  });
});
