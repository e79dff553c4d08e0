/**
 * AI minutes and chapters of a recording, labelled with the engine that wrote them. Before any
 * exist the owner can have them written (with the summaries left this month); while they are
 * being written a progress line shows; once written the owner can correct both. Chapters play
 * the recording from their time. Test hooks: `record-summary` (data-summary-status),
 * `summary-tab-minutes|chapters`, `summary-engine`, `summary-remain`, `summary-generate`,
 * `summary-progress`, `summary-failed`, `record-minutes`, `minutes-edit`, `minutes-input`,
 * `minutes-save`, `minutes-error`, `minutes-item` (data-start), `minutes-time`, `chapter-item` (data-start, aria-current), `chapters-edit`,
 * `chapters-empty`.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import type { RecordInfo } from '@meet/shared';
import { Button } from '../../ui/Button';
import { EditIcon } from '../../ui/icons';
import { ChapterEditor } from './ChapterEditor';
import { currentChapter } from './chapter-edit';
import { minutesBlocks } from './minutes-view';
import './record-minutes.css';
import { formatClock } from './record-rules';
import { SparkIcon } from './recording-icons';
import type { RecordSummary, SaveResult } from './useRecordSummary';

type Tab = 'minutes' | 'chapters';

function MinutesEditor({
  minutes,
  onSave,
  onCancel,
}: {
  minutes: string;
  onSave(minutes: string): Promise<SaveResult>;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(minutes);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="record-edit"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        void onSave(text).then((failed) => {
          setBusy(false);
          if (failed) setError(failed);
          else onCancel();
        });
      }}
    >
      <textarea
        className="record-edit__text"
        value={text}
        rows={12}
        aria-label={t('recordings.summary.minutes')}
        data-testid="minutes-input"
        onChange={(event) => setText(event.target.value)}
      />
      {error && (
        <p className="record-form-error" role="alert" data-testid="minutes-error">
          {error}
        </p>
      )}
      <div className="record-edit__actions">
        <span className="record-edit__spacer" />
        <Button variant="text" size="small" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" size="small" loading={busy} data-testid="minutes-save">
          {t('recordings.summary.save')}
        </Button>
      </div>
    </form>
  );
}

/** The minutes' key points as a list, each time a button that plays from there. */
function Minutes({ minutes, onSeek }: { minutes: string; onSeek(ms: number): void }) {
  const { t } = useTranslation();
  return (
    <div className="record-minutes" data-testid="record-minutes">
      {minutesBlocks(minutes).map((block, index) =>
        block.kind === 'text' ? (
          <p key={index} className="record-minutes__text">
            {block.text}
          </p>
        ) : (
          <ul key={index} className="record-minutes__list">
            {block.items.map((point, i) => (
              <li
                key={i}
                className="record-minutes__item"
                data-testid="minutes-item"
                data-start={point.startMs ?? undefined}
              >
                {point.startMs !== null && (
                  <button
                    type="button"
                    className="record-minutes__time"
                    data-testid="minutes-time"
                    aria-label={t('recordings.transcript.playFrom', { time: point.clock })}
                    onClick={() => onSeek(point.startMs ?? 0)}
                  >
                    {point.clock}
                  </button>
                )}
                <span className="record-minutes__point">{point.text}</span>
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}

function Generate({ summary, failed }: { summary: RecordSummary; failed: boolean }) {
  const { t } = useTranslation();
  const { remainTimes } = summary;
  const none = remainTimes === 0;
  return (
    <div className="summary-generate">
      <p className="record-card__empty">
        {failed ? t('recordings.summary.failed') : t('recordings.summary.intro')}
      </p>
      <Button
        data-testid="summary-generate"
        loading={summary.starting}
        disabled={none}
        onClick={() => void summary.generate()}
      >
        <SparkIcon size={18} />
        {failed ? t('recordings.summary.retry') : t('recordings.summary.generate')}
      </Button>
      {remainTimes !== undefined && (
        <p className="summary-generate__remain" data-testid="summary-remain">
          {remainTimes === null
            ? t('recordings.summary.remainUnlimited')
            : t('recordings.summary.remain', { count: remainTimes })}
        </p>
      )}
    </div>
  );
}

export function SummaryPanel({
  info,
  canEdit,
  summary,
  positionMs,
  onSeek,
}: {
  info: RecordInfo;
  canEdit: boolean;
  summary: RecordSummary;
  positionMs: number;
  onSeek(ms: number): void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('minutes');
  const [editing, setEditing] = useState<Tab | null>(null);
  const status = info.summaryStatus;
  const chapters = [...info.chapters].sort((a, b) => a.startTime - b.startTime);
  const current = currentChapter(chapters, positionMs);
  return (
    <section
      className="record-card record-summary"
      aria-label={t('recordings.summary.title')}
      data-testid="record-summary"
      data-summary-status={status}
    >
      <div className="record-card__head">
        <div className="record-tabs" role="tablist">
          {(['minutes', 'chapters'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={tab === name}
              className="record-tabs__tab"
              data-testid={`summary-tab-${name}`}
              onClick={() => setTab(name)}
            >
              {t(`recordings.summary.${name}`)}
            </button>
          ))}
        </div>
        {summary.engine && (
          <span className="summary-engine" data-testid="summary-engine">
            <SparkIcon size={14} />
            {summary.engineWrote
              ? t('recordings.summary.engine', { name: summary.engine })
              : t('recordings.summary.engineNext', { name: summary.engine })}
          </span>
        )}
      </div>

      {status === 'processing' && (
        <div className="summary-progress" role="status" data-testid="summary-progress">
          <span className="summary-progress__spinner" aria-hidden="true" />
          {t('recordings.summary.processing')}
        </div>
      )}
      {(status === 'none' || status === 'failed') &&
        (canEdit ? (
          <Generate summary={summary} failed={status === 'failed'} />
        ) : (
          <p className="record-card__empty" data-testid="summary-failed">
            {t(status === 'failed' ? 'recordings.summary.failed' : 'recordings.summary.noneYet')}
          </p>
        ))}

      {status === 'ready' && tab === 'minutes' && (
        <div role="tabpanel">
          {editing === 'minutes' ? (
            <MinutesEditor
              minutes={info.minutes}
              onSave={summary.saveMinutes}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <>
              {info.minutes ? (
                <Minutes minutes={info.minutes} onSeek={onSeek} />
              ) : (
                <p className="record-card__empty">{t('recordings.summary.noMinutes')}</p>
              )}
              {canEdit && (
                <Button
                  variant="text"
                  size="small"
                  data-testid="minutes-edit"
                  onClick={() => setEditing('minutes')}
                >
                  <EditIcon size={16} />
                  {t('recordings.summary.edit')}
                </Button>
              )}
            </>
          )}
        </div>
      )}

      {status === 'ready' && tab === 'chapters' && (
        <div role="tabpanel">
          {editing === 'chapters' ? (
            <ChapterEditor
              chapters={chapters}
              positionMs={positionMs}
              onSave={summary.saveChapters}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <>
              {chapters.length === 0 ? (
                <p className="record-card__empty" data-testid="chapters-empty">
                  {t('recordings.summary.noChapters')}
                </p>
              ) : (
                <ol className="chapters">
                  {chapters.map((chapter, index) => (
                    <li key={chapter.startTime}>
                      <button
                        type="button"
                        className={`chapters__item${index === current ? ' chapters__item--current' : ''}`}
                        data-testid="chapter-item"
                        data-start={chapter.startTime}
                        aria-current={index === current || undefined}
                        onClick={() => onSeek(chapter.startTime)}
                      >
                        <span className="chapters__time">
                          {formatClock(chapter.startTime / 1000)}
                        </span>
                        <span className="chapters__title">{chapter.title}</span>
                      </button>
                    </li>
                  ))}
                </ol>
              )}
              {canEdit && (
                <Button
                  variant="text"
                  size="small"
                  data-testid="chapters-edit"
                  onClick={() => setEditing('chapters')}
                >
                  <EditIcon size={16} />
                  {t('recordings.summary.edit')}
                </Button>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}
