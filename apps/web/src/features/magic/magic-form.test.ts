import { describe, expect, test } from 'vitest';
import { MAGIC_NAME_MAX, MAGIC_PROMPT_MAX } from '@meet/shared';
import { publishProblem, withCelebrity } from './magic-form';

describe('what the publish form refuses', () => {
  test.each([
    ['a name and a prompt', 'Blue comic', 'blue comic', null],
    ['no name', '  ', 'blue comic', 'magicNameEmpty'],
    ['no prompt', 'Blue comic', ' ', 'magicPromptEmpty'],
    ['a prompt past the limit', 'Blue', 'x'.repeat(MAGIC_PROMPT_MAX + 1), 'magicPromptTooLong'],
    ['a name past the limit', 'n'.repeat(MAGIC_NAME_MAX + 1), 'blue comic', 'nameTooLong'],
  ])('%s: %s', (_case, name, prompt, problem) => {
    expect(publishProblem(name, prompt)).toBe(problem);
  });
});

describe('a celebrity put into the prompt', () => {
  test.each([
    ['', 'Van Gogh', 'in the style of Van Gogh'],
    ['oil painting', 'Van Gogh', 'oil painting, in the style of Van Gogh'],
    ['oil painting, ', ' Monet ', 'oil painting, in the style of Monet'],
    ['oil painting, in the style of Monet', 'monet', 'oil painting, in the style of Monet'],
  ])('"%s" + %s gives "%s"', (prompt, name, expected) => {
    expect(withCelebrity(prompt, name)).toBe(expected);
  });

  test('a prompt that would pass the limit is left as it was', () => {
    const long = 'x'.repeat(MAGIC_PROMPT_MAX - 5);
    expect(withCelebrity(long, 'Van Gogh')).toBe(long);
  });
});
