/**
 * Voting: every question with its options as radio buttons (single choice) or checkboxes
 * (multiple), each inside a label with the option's text. The selection lives in
 * usePollBallot; Submit (usePollActions) checks that every question is answered.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { QUESTION_TYPE, type PollDetail, type PollSelection } from '@meet/shared';
import { PollHeader } from './PollHeader';
import './poll-result.css';

function chosen(selection: PollSelection, optionId: number): boolean {
  if (selection === null || selection === undefined) return false;
  return typeof selection === 'number' ? selection === optionId : selection.includes(optionId);
}

export interface PollBallotViewProps {
  poll: PollDetail;
  selections: Readonly<Record<number, PollSelection>>;
  onChoose(questionId: number, optionId: number, multiple: boolean, checked: boolean): void;
}

export function PollBallotView({ poll, selections, onChoose }: PollBallotViewProps) {
  const { t } = useTranslation();
  return (
    <div className="poll-ballot" data-testid="poll-ballot">
      <PollHeader poll={poll} participants={false} />
      {poll.questions.map((q, qi) => {
        const multiple = q.type === QUESTION_TYPE.multiple;
        return (
          <fieldset key={q.questionId} className="poll-ballot__question">
            <legend className="poll-result__qtitle">
              <span>
                {qi + 1}. {q.title}
              </span>
              <span className="poll-tag">
                {t(multiple ? 'polls.vote.hintMultiple' : 'polls.vote.hintSingle')}
              </span>
            </legend>
            {q.options.map((o) => (
              <label key={o.optionId} className="poll-choice">
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name={`question-${q.questionId}`}
                  value={o.optionId}
                  checked={chosen(selections[q.questionId], o.optionId)}
                  onChange={(e) => onChoose(q.questionId, o.optionId, multiple, e.target.checked)}
                />
                <span>{o.optionDesc}</span>
              </label>
            ))}
          </fieldset>
        );
      })}
    </div>
  );
}
