import { describe, expect, test } from 'vitest';
import { emptyPollForm, newQuestion, type PollForm } from '@meet/shared';
import { applyPollEdit, isPollLimit, type PollFormEdit } from './poll-form-edits';

function formWith(questionCount: number): PollForm {
  return {
    title: 'Lunch',
    anonymous: 0,
    questions: Array.from({ length: questionCount }, (_, i) => ({
      ...newQuestion(i + 1),
      title: `Q${i + 1}`,
    })),
  };
}

function apply(form: PollForm, ...edits: PollFormEdit[]): PollForm {
  return edits.reduce((f, e) => {
    const next = applyPollEdit(f, e);
    if (isPollLimit(next)) throw new Error(next.limit);
    return next;
  }, form);
}

describe('poll form edits', () => {
  test('a new question and a copy get the id list length + 1', () => {
    const added = apply(formWith(2), { type: 'addQuestion' });
    expect(added.questions.map((q) => q.questionId)).toEqual([1, 2, 3]);
    const copied = apply(formWith(2), { type: 'copyQuestion', questionId: 1 });
    expect(copied.questions.map((q) => [q.questionId, q.title])).toEqual([
      [1, 'Q1'],
      [2, 'Q2'],
      [3, 'Q1'],
    ]);
  });

  test('a copy is independent of its source', () => {
    const copied = apply(
      formWith(1),
      { type: 'copyQuestion', questionId: 1 },
      { type: 'optionDesc', questionId: 2, optionId: 1, value: 'changed' },
    );
    expect(copied.questions[0]!.options[0]!.optionDesc).toBe('');
    expect(copied.questions[1]!.options[0]!.optionDesc).toBe('changed');
  });

  test.each([
    ['copy', { type: 'copyQuestion', questionId: 1 } as const],
    ['add', { type: 'addQuestion' } as const],
  ])('%s at 10 questions is blocked with the question-limit text', (_, edit) => {
    expect(applyPollEdit(formWith(10), edit)).toEqual({ limit: 'pollQuestionsLimit' });
    expect(isPollLimit(applyPollEdit(formWith(9), edit))).toBe(false);
  });

  test('deleting the only question is ignored (same form, so no edit is counted)', () => {
    const form = formWith(1);
    expect(applyPollEdit(form, { type: 'deleteQuestion', questionId: 1 })).toBe(form);
  });

  test('deleting a question renumbers the rest so new ids stay free', () => {
    const next = apply(formWith(3), { type: 'deleteQuestion', questionId: 1 });
    expect(next.questions.map((q) => [q.questionId, q.title])).toEqual([
      [1, 'Q2'],
      [2, 'Q3'],
    ]);
    expect(apply(next, { type: 'addQuestion' }).questions.map((q) => q.questionId)).toEqual([
      1, 2, 3,
    ]);
  });

  test('options: 2 to 10, new ids = length + 1, removal ignored at 2', () => {
    let form = formWith(1);
    expect(applyPollEdit(form, { type: 'deleteOption', questionId: 1, optionId: 1 })).toBe(form);
    for (let i = 0; i < 8; i++) form = apply(form, { type: 'addOption', questionId: 1 });
    expect(form.questions[0]!.options.map((o) => o.optionId)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(applyPollEdit(form, { type: 'addOption', questionId: 1 })).toEqual({
      limit: 'pollOptionCount',
    });
    const fewer = apply(form, { type: 'deleteOption', questionId: 1, optionId: 4 });
    expect(fewer.questions[0]!.options.map((o) => o.optionId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  test('texts are cut at 200 characters; an unchanged value is no edit', () => {
    const form = emptyPollForm();
    const long = apply(form, { type: 'title', value: 'x'.repeat(250) });
    expect(long.title).toHaveLength(200);
    expect(applyPollEdit(long, { type: 'title', value: 'x'.repeat(200) })).toBe(long);
    expect(applyPollEdit(form, { type: 'anonymous', value: 0 })).toBe(form);
    expect(applyPollEdit(form, { type: 'questionType', questionId: 1, value: 0 })).toBe(form);
  });

  test('type, anonymous, question title and option text change what they name', () => {
    const next = apply(
      emptyPollForm(),
      { type: 'anonymous', value: 1 },
      { type: 'questionType', questionId: 1, value: 1 },
      { type: 'questionTitle', questionId: 1, value: 'Where?' },
      { type: 'optionDesc', questionId: 1, optionId: 2, value: 'Here' },
    );
    expect(next).toEqual({
      title: '',
      anonymous: 1,
      questions: [
        {
          questionId: 1,
          title: 'Where?',
          type: 1,
          options: [
            { optionId: 1, optionDesc: '' },
            { optionId: 2, optionDesc: 'Here' },
          ],
        },
      ],
    });
  });
});
