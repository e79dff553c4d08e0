/**
 * A poll's result: per question, each option with its bar, count and percentage (one decimal,
 * two below 1%) and, unless anonymous, who chose it (long names cut to 23 + ellipsis). Counts
 * appear only for the host or once results are published; the viewer's own choices are marked.
 * Test hook: data-testid poll-result-option per option.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { POLL_STATUS, type PollDetail } from '@meet/shared';
import { CheckCircleIcon } from './poll-icons';
import { PollHeader } from './PollHeader';
import { resultRows } from './poll-view';
import './poll-result.css';

export function PollResultView({ poll }: { poll: PollDetail }) {
  const { t } = useTranslation();
  const rows = resultRows(poll);
  const launched = poll.status !== POLL_STATUS.notLaunched;
  const counts = poll.resultVisible && launched;
  return (
    <div className="poll-result" data-testid="poll-result" data-visible={counts}>
      <PollHeader poll={poll} participants={counts} />
      {launched && !poll.resultVisible && (
        <p className="poll-note" data-testid="poll-result-hidden">
          {t('polls.result.hidden')}
        </p>
      )}
      {rows.map((q, qi) => (
        <section key={q.questionId} className="poll-result__question">
          <h4 className="poll-result__qtitle">
            <span>
              {qi + 1}. {q.title}
            </span>
            <span className="poll-tag">
              {t(q.multiple ? 'polls.result.multiple' : 'polls.result.single')}
            </span>
          </h4>
          <ul className="poll-result__options">
            {q.options.map((o) => (
              <li
                key={o.optionId}
                className={`poll-result__option${o.mine ? ' poll-result__option--mine' : ''}`}
                data-testid="poll-result-option"
                data-option-id={o.optionId}
                data-mine={o.mine || undefined}
              >
                <div className="poll-result__row">
                  <span className="poll-result__desc">{o.optionDesc}</span>
                  {o.mine && (
                    <span className="poll-result__mine" title={t('polls.result.mine')}>
                      <CheckCircleIcon size={16} />
                      {t('polls.result.mine')}
                    </span>
                  )}
                  {o.votes !== null && (
                    <span className="poll-result__numbers">
                      <span data-testid="poll-result-count">
                        {t('polls.result.votes', { count: o.votes })}
                      </span>
                      <span className="poll-result__percent" data-testid="poll-result-percent">
                        {o.percentText}
                      </span>
                    </span>
                  )}
                </div>
                {o.votes !== null && (
                  <div className="poll-bar" aria-hidden="true">
                    <div className="poll-bar__fill" style={{ width: o.barWidth }} />
                  </div>
                )}
                {o.voters.length > 0 && (
                  <p className="poll-result__voters">
                    <span className="poll-result__voters-label">{t('polls.result.voters')}</span>{' '}
                    {o.voters.map((v, i) => (
                      <span key={i} className="poll-voter" title={v.full} data-testid="poll-voter">
                        {v.shown}
                      </span>
                    ))}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
