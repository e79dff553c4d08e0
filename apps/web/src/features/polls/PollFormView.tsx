/**
 * The add/edit form: topic (a 1–5 row growing textarea), anonymous switch, and 1–10 question
 * blocks with 2–10 options each. usePollForm holds the state and rules; this is markup. Test
 * hooks: textarea[name=pollTitle], input[name=anonymous], data-testid poll-question with
 * textarea[name=questionTitle], select[name=questionType], input[name=optionDesc], add-option,
 * copy-question, delete-question, and add-question.
 */
import { useTranslation } from '../../i18n/useTranslation';
import {
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  POLL_TEXT_MAX,
  QUESTION_TYPE,
  type QuestionType,
} from '@meet/shared';
import { AutoTextarea } from './AutoTextarea';
import { AddIcon, CopyIcon, DeleteIcon, RemoveIcon } from './poll-icons';
import { issueAt, type PollFormHandle } from './usePollForm';
import './poll-form.css';

const length = (text: string) => Array.from(text).length;

function Counter({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <span className="poll-counter" aria-hidden="true">
      {t('polls.form.counter', { used: length(text), max: POLL_TEXT_MAX })}
    </span>
  );
}

export function PollFormView({ form, onSubmit }: { form: PollFormHandle; onSubmit(): void }) {
  const { t } = useTranslation();
  const { edit, issue } = form;
  const poll = form.form;
  return (
    <form
      className="poll-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label className="poll-field">
        <span className="poll-field__label">{t('polls.form.topic')}</span>
        <AutoTextarea
          name="pollTitle"
          className="poll-input poll-input--title"
          value={poll.title}
          maxLength={POLL_TEXT_MAX}
          placeholder={t('polls.form.topicPlaceholder')}
          aria-invalid={issueAt(issue, 'title') || undefined}
          autoFocus
          onChange={(e) => edit({ type: 'title', value: e.target.value })}
        />
        <Counter text={poll.title} />
      </label>
      <label className="poll-switch">
        <input
          type="checkbox"
          name="anonymous"
          checked={poll.anonymous === 1}
          onChange={(e) => edit({ type: 'anonymous', value: e.target.checked ? 1 : 0 })}
        />
        <span>
          <span className="poll-switch__label">{t('polls.form.anonymous')}</span>
          <span className="poll-switch__hint">{t('polls.form.anonymousHint')}</span>
        </span>
      </label>

      {poll.questions.map((q, qi) => (
        <div
          key={qi}
          role="group"
          aria-label={t('polls.form.question', { number: qi + 1 })}
          className={`poll-question${issueAt(issue, 'questions', qi, 'options') ? ' poll-question--invalid' : ''}`}
          data-testid="poll-question"
        >
          <div className="poll-question__head">
            <span className="poll-question__legend">
              {t('polls.form.question', { number: qi + 1 })}
            </span>
            <select
              name="questionType"
              className="poll-select"
              aria-label={t('polls.form.type')}
              value={q.type}
              onChange={(e) =>
                edit({
                  type: 'questionType',
                  questionId: q.questionId,
                  value: Number(e.target.value) as QuestionType,
                })
              }
            >
              <option value={QUESTION_TYPE.single}>{t('polls.form.single')}</option>
              <option value={QUESTION_TYPE.multiple}>{t('polls.form.multiple')}</option>
            </select>
            <span className="poll-question__tools">
              <button
                type="button"
                className="poll-tool"
                data-testid="copy-question"
                title={t('polls.form.copyQuestion')}
                onClick={() => edit({ type: 'copyQuestion', questionId: q.questionId })}
              >
                <CopyIcon size={18} />
                <span>{t('polls.form.copyQuestion')}</span>
              </button>
              <button
                type="button"
                className="poll-tool"
                data-testid="delete-question"
                title={t('polls.form.deleteQuestion')}
                // At one question the click is ignored (SPEC.md section 5), not refused.
                aria-disabled={poll.questions.length <= 1 || undefined}
                onClick={() => edit({ type: 'deleteQuestion', questionId: q.questionId })}
              >
                <DeleteIcon size={18} />
                <span>{t('polls.form.deleteQuestion')}</span>
              </button>
            </span>
          </div>
          <AutoTextarea
            name="questionTitle"
            className="poll-input"
            value={q.title}
            maxLength={POLL_TEXT_MAX}
            placeholder={t('polls.form.questionPlaceholder')}
            aria-label={t('polls.form.question', { number: qi + 1 })}
            aria-invalid={issueAt(issue, 'questions', qi, 'title') || undefined}
            onChange={(e) =>
              edit({ type: 'questionTitle', questionId: q.questionId, value: e.target.value })
            }
          />
          <ol className="poll-options">
            {q.options.map((o, oi) => (
              <li key={oi} className="poll-option">
                <span
                  className={`poll-option__mark${q.type === QUESTION_TYPE.multiple ? ' poll-option__mark--multiple' : ''}`}
                  aria-hidden="true"
                />
                <input
                  name="optionDesc"
                  className="poll-input"
                  value={o.optionDesc}
                  maxLength={POLL_TEXT_MAX}
                  placeholder={t('polls.form.option', { number: oi + 1 })}
                  aria-label={t('polls.form.option', { number: oi + 1 })}
                  aria-invalid={
                    issueAt(issue, 'questions', qi, 'options', oi, 'optionDesc') || undefined
                  }
                  onChange={(e) =>
                    edit({
                      type: 'optionDesc',
                      questionId: q.questionId,
                      optionId: o.optionId,
                      value: e.target.value,
                    })
                  }
                />
                {q.options.length > POLL_OPTIONS_MIN && (
                  <button
                    type="button"
                    className="poll-option__remove"
                    data-testid="delete-option"
                    aria-label={t('polls.form.removeOption', { number: oi + 1 })}
                    title={t('polls.form.removeOption', { number: oi + 1 })}
                    onClick={() =>
                      edit({ type: 'deleteOption', questionId: q.questionId, optionId: o.optionId })
                    }
                  >
                    <RemoveIcon size={18} />
                  </button>
                )}
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="poll-add poll-add--option"
            data-testid="add-option"
            disabled={q.options.length >= POLL_OPTIONS_MAX}
            onClick={() => edit({ type: 'addOption', questionId: q.questionId })}
          >
            <AddIcon size={18} />
            {t('polls.form.addOption')}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="poll-add poll-add--question"
        data-testid="add-question"
        onClick={() => edit({ type: 'addQuestion' })}
      >
        <AddIcon size={18} />
        {t('polls.form.addQuestion')}
      </button>
    </form>
  );
}
