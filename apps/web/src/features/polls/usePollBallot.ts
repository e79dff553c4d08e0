/**
 * The vote view's choices: one option id per single-choice question, a list per
 * multiple-choice one. Entering the vote view starts from an empty ballot (`clear`).
 */
import { useCallback, useState } from 'react';
import type { PollSelection } from '@meet/shared';

export type PollSelections = Record<number, PollSelection>;

export function usePollBallot() {
  const [selections, setSelections] = useState<PollSelections>({});

  const clear = useCallback(() => setSelections({}), []);

  const choose = (questionId: number, optionId: number, multiple: boolean, checked: boolean) =>
    setSelections((current) => {
      if (!multiple) return { ...current, [questionId]: optionId };
      const before = current[questionId];
      const list = Array.isArray(before) ? before : [];
      const next = checked
        ? [...list.filter((id) => id !== optionId), optionId]
        : list.filter((id) => id !== optionId);
      return { ...current, [questionId]: next };
    });

  return { selections, choose, clear };
}
