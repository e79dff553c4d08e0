/**
 * The owner's chapter editor: a time ("mm:ss") and a title a row, rows added and removed; saving
 * checks that every time reads as a time, every chapter has a title and no two start at the same
 * time (chapter-edit.ts). Test hooks: `chapter-row`, `chapter-time-input`, `chapter-title-input`,
 * `chapter-remove`, `chapter-add`, `chapters-save`, `chapters-error`.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import type { Chapter } from '@meet/shared';
import { Button, IconButton } from '../../ui/Button';
import { CloseIcon } from '../../ui/icons';
import { checkChapters, rowsOf, type ChapterRow } from './chapter-edit';
import { formatClock } from './record-rules';
import type { SaveResult } from './useRecordSummary';

export function ChapterEditor({
  chapters,
  positionMs,
  onSave,
  onCancel,
}: {
  chapters: Chapter[];
  /** Where the player is: a new chapter starts there. */
  positionMs: number;
  onSave(chapters: Chapter[]): Promise<SaveResult>;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<ChapterRow[]>(() => rowsOf(chapters));
  const [error, setError] = useState<{ index: number | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (index: number, next: Partial<ChapterRow>) =>
    setRows((all) => all.map((row, i) => (i === index ? { ...row, ...next } : row)));

  const save = async () => {
    const check = checkChapters(rows);
    if (!check.ok) {
      setError({
        index: check.index,
        text:
          check.error === 'chapterTimeInvalid'
            ? t('recordings.summary.chapterTimeInvalid')
            : t(`errors.${check.error}`),
      });
      return;
    }
    setError(null);
    setBusy(true);
    const failed = await onSave(check.chapters);
    setBusy(false);
    if (failed) setError({ index: null, text: failed });
    else onCancel();
  };

  return (
    <form
      className="chapter-editor"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <ol className="chapter-editor__rows">
        {rows.map((row, index) => (
          <li
            key={index}
            className={`chapter-editor__row${error?.index === index ? ' chapter-editor__row--invalid' : ''}`}
            data-testid="chapter-row"
          >
            <input
              className="chapter-editor__time"
              value={row.time}
              aria-label={t('recordings.summary.chapterTime', { index: index + 1 })}
              aria-invalid={error?.index === index || undefined}
              placeholder="00:00"
              data-testid="chapter-time-input"
              onChange={(event) => change(index, { time: event.target.value })}
            />
            <input
              className="chapter-editor__title"
              value={row.title}
              aria-label={t('recordings.summary.chapterTitle', { index: index + 1 })}
              aria-invalid={error?.index === index || undefined}
              maxLength={200}
              data-testid="chapter-title-input"
              onChange={(event) => change(index, { title: event.target.value })}
            />
            <IconButton
              aria-label={t('recordings.summary.removeChapter', { index: index + 1 })}
              data-testid="chapter-remove"
              onClick={() => setRows((all) => all.filter((_, i) => i !== index))}
            >
              <CloseIcon size={18} />
            </IconButton>
          </li>
        ))}
      </ol>
      {error && (
        <p className="record-form-error" role="alert" data-testid="chapters-error">
          {error.text}
        </p>
      )}
      <div className="record-edit__actions">
        <Button
          variant="text"
          size="small"
          data-testid="chapter-add"
          onClick={() =>
            setRows((all) => [...all, { time: formatClock(positionMs / 1000), title: '' }])
          }
        >
          {t('recordings.summary.addChapter')}
        </Button>
        <span className="record-edit__spacer" />
        <Button variant="text" size="small" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" size="small" loading={busy} data-testid="chapters-save">
          {t('recordings.summary.save')}
        </Button>
      </div>
    </form>
  );
}
