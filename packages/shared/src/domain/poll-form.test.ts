/**
 * The poll form: the first problem in reading order with the catalogue's key, and the edits
 * (ids, copy, delete, limits).
 */
import { describe, expect, test } from 'vitest';
import { isErrorKey } from '../errors/messages.js';
import {
  addOption,
  addQuestion,
  copyQuestion,
  deleteOption,
  deleteQuestion,
  emptyPollForm,
  newQuestion,
  nextId,
  shouldConfirmLeave,
  validatePollForm,
  type PollDraft,
  type PollFormQuestion,
} from './poll-form.js';

const option = (optionDesc: string) => ({ optionDesc });
const question = (title: string, ...options: string[]) => ({
  title,
  options: options.map(option),
});
const draft = (title: string, ...questions: PollDraft['questions'][number][]): PollDraft => ({
  title,
  questions,
});
const good = question('Lunch?', 'Pizza', 'Salad');
const long = 'x'.repeat(201);
const max = 'x'.repeat(200);

describe('validatePollForm: the first problem in reading order, with the catalogue key', () => {
  test.each<[string, PollDraft, ReturnType<typeof validatePollForm>]>([
    ['a complete poll', draft('Team poll', good), null],
    ['texts of exactly 200 characters', draft(max, question(max, max, max)), null],
    ['texts padded with spaces up to 200 after trimming', draft(`  ${max}  `, good), null],
    ['an empty topic', draft('', good), { key: 'pollIncomplete', path: ['title'] }],
    ['a blank-after-trim topic', draft('   \t', good), { key: 'pollIncomplete', path: ['title'] }],
    ['a topic of 201 characters', draft(long, good), { key: 'pollTextTooLong', path: ['title'] }],
    ['no questions', draft('T'), { key: 'pollIncomplete', path: ['questions'] }],
    [
      'a blank question title',
      draft('T', good, question(' ', 'a', 'b')),
      { key: 'pollIncomplete', path: ['questions', 1, 'title'] },
    ],
    [
      'a question title of 201 characters',
      draft('T', question(long, 'a', 'b')),
      { key: 'pollTextTooLong', path: ['questions', 0, 'title'] },
    ],
    [
      'a blank option',
      draft('T', question('Q', 'a', '  ')),
      { key: 'pollIncomplete', path: ['questions', 0, 'options', 1, 'optionDesc'] },
    ],
    [
      'an option of 201 characters',
      draft('T', question('Q', long, 'b')),
      { key: 'pollTextTooLong', path: ['questions', 0, 'options', 0, 'optionDesc'] },
    ],
    [
      'one option',
      draft('T', question('Q', 'a')),
      { key: 'pollOptionCount', path: ['questions', 0, 'options'] },
    ],
    [
      'eleven options',
      draft('T', question('Q', ...'abcdefghijk'.split(''))),
      { key: 'pollOptionCount', path: ['questions', 0, 'options'] },
    ],
    ['ten options', draft('T', question('Q', ...'abcdefghij'.split(''))), null],
    ['ten questions', draft('T', ...Array.from({ length: 10 }, () => good)), null],
    [
      'eleven questions',
      draft('T', ...Array.from({ length: 11 }, () => good)),
      { key: 'pollQuestionsLimit', path: ['questions'] },
    ],
    [
      'a blank topic before a long option',
      draft('', question('Q', long, 'b')),
      { key: 'pollIncomplete', path: ['title'] },
    ],
  ])('%s', (_name, input, expected) => {
    expect(validatePollForm(input)).toEqual(expected);
  });

  test('every key it can answer is in the message catalogue', () => {
    for (const key of [
      'pollIncomplete',
      'pollTextTooLong',
      'pollQuestionsLimit',
      'pollOptionCount',
    ]) {
      expect(isErrorKey(key)).toBe(true);
    }
  });
});

describe('form edits: ids are length + 1, copy stops at 10, delete ignored at one question', () => {
  const three = [newQuestion(1), newQuestion(2), newQuestion(3)].map((q, i) => ({
    ...q,
    title: `Q${i + 1}`,
  }));
  const ten = Array.from({ length: 10 }, (_, i) => newQuestion(i + 1));

  test.each([
    [[], 1],
    [[{}], 2],
    [[{}, {}, {}], 4],
  ])('nextId of a list of %j is %i', (list, id) => {
    expect(nextId(list)).toBe(id);
  });

  test('a new form has one single-choice question with two blank options', () => {
    expect(emptyPollForm()).toEqual({
      title: '',
      anonymous: 0,
      questions: [
        {
          questionId: 1,
          title: '',
          type: 0,
          options: [
            { optionId: 1, optionDesc: '' },
            { optionId: 2, optionDesc: '' },
          ],
        },
      ],
    });
  });

  test.each<[string, PollFormQuestion[], number, number | 'limit']>([
    ['copying from three questions', three, 2, 4],
    ['copying from nine questions', ten.slice(0, 9), 1, 10],
    ['copying at ten questions', ten, 1, 'limit'],
  ])('%s gives id %s', (_name, list, from, expected) => {
    const result = copyQuestion(list, from);
    if (expected === 'limit') {
      expect(result).toBe('limit');
      return;
    }
    expect(result).not.toBe('limit');
    const copied = (result as PollFormQuestion[]).at(-1)!;
    expect(copied.questionId).toBe(expected);
    expect(copied.title).toBe(list.find((q) => q.questionId === from)!.title);
  });

  test('a copy does not share its options with the original', () => {
    const result = copyQuestion(three, 1) as PollFormQuestion[];
    result[3]!.options[0]!.optionDesc = 'changed';
    expect(three[0]!.options[0]!.optionDesc).toBe('');
  });

  test.each<[string, PollFormQuestion[], number | 'limit']>([
    ['adding to three', three, 4],
    ['adding at ten', ten, 'limit'],
  ])('%s', (_name, list, expected) => {
    const result = addQuestion(list);
    expect(result === 'limit' ? 'limit' : result.at(-1)!.questionId).toBe(expected);
  });

  test.each<[string, PollFormQuestion[], number, string[]]>([
    ['deleting the middle of three renumbers 1..2', three, 2, ['1:Q1', '2:Q3']],
    ['deleting the only question is ignored', three.slice(0, 1), 1, ['1:Q1']],
    ['deleting an unknown id changes nothing', three, 9, ['1:Q1', '2:Q2', '3:Q3']],
  ])('%s', (_name, list, id, expected) => {
    expect(deleteQuestion(list, id).map((q) => `${q.questionId}:${q.title}`)).toEqual(expected);
  });

  test('after a delete the next new id is free', () => {
    const after = deleteQuestion(three, 1);
    const added = addQuestion(after) as PollFormQuestion[];
    expect(new Set(added.map((q) => q.questionId)).size).toBe(added.length);
  });

  test.each([
    [2, 3],
    [9, 10],
    [10, 'limit'],
  ])('adding an option to %i options gives %s', (count, expected) => {
    const q = {
      ...newQuestion(1),
      options: Array.from({ length: count }, (_, i) => ({ optionId: i + 1, optionDesc: '' })),
    };
    const result = addOption(q);
    expect(result === 'limit' ? 'limit' : result.options.at(-1)!.optionId).toBe(expected);
  });

  test.each([
    [2, [1, 2]],
    [3, [1, 2]],
  ])('deleting option 1 of %i options leaves ids %j', (count, ids) => {
    const q = {
      ...newQuestion(1),
      options: Array.from({ length: count }, (_, i) => ({
        optionId: i + 1,
        optionDesc: `o${i + 1}`,
      })),
    };
    expect(deleteOption(q, 1).options.map((o) => o.optionId)).toEqual(ids);
  });

  test.each([
    [0, false],
    [1, false],
    [2, true],
  ])('leaving after %i edits asks to discard: %s', (edits, asks) => {
    expect(shouldConfirmLeave(edits)).toBe(asks);
  });
});
