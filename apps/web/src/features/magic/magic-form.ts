/**
 * The publish form's rules as pure functions: what is wrong with a name and prompt (by the
 * shared schema the server uses, so both sides agree), and a celebrity put into the prompt.
 */
import { MAGIC_PROMPT_MAX, errorMessagesEn, publishMagicFields, type ErrorKey } from '@meet/shared';

/**
 * The first problem of a name and prompt: a catalogue key, or `nameTooLong` (the name field's
 * counter says it), or null when they can be sent.
 */
export function publishProblem(name: string, prompt: string): ErrorKey | 'nameTooLong' | null {
  const parsed = publishMagicFields.safeParse({ name, prompt });
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  if (issue.message in errorMessagesEn) return issue.message as ErrorKey;
  return 'nameTooLong';
}

/**
 * The prompt with "in the style of <name>" added. The words stay English in every language:
 * the prompt is read by the engine, which takes English (SPEC.md section 1).
 */
export function withCelebrity(prompt: string, name: string): string {
  const phrase = `in the style of ${name.trim()}`;
  const base = prompt.trim().replace(/[,，]\s*$/, '');
  if (base.toLowerCase().includes(phrase.toLowerCase())) return prompt;
  const next = base ? `${base}, ${phrase}` : phrase;
  return next.length > MAGIC_PROMPT_MAX ? prompt : next;
}
