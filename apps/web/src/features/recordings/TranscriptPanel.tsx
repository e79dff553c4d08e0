/**
 * The recording's transcript: each line with its speaker and time; clicking a line plays the
 * recording from there, and the line being spoken is marked. The owner can correct the speakers'
 * names. Test hooks: `record-transcript`, `transcript-line` (data-start ms, aria-current),
 * `transcript-speaker`, `transcript-time`, `edit-speakers`, `transcript-empty`.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import type { TranscriptEntry } from '@meet/shared';
import type { SpeakerRename } from '../../api/records-api';
import { Button } from '../../ui/Button';
import { EditIcon } from '../../ui/icons';
import { formatClock } from './record-rules';
import { SpeakerNamesDialog } from './SpeakerNamesDialog';
import { currentLine, speakersOf } from './transcript-view';
import type { SaveResult } from './useRecordSummary';

export function TranscriptPanel({
  transcript,
  positionMs,
  canEdit,
  onSeek,
  onSaveSpeakers,
}: {
  transcript: TranscriptEntry[];
  positionMs: number;
  canEdit: boolean;
  onSeek(ms: number): void;
  onSaveSpeakers(renames: SpeakerRename[]): Promise<SaveResult>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const current = currentLine(transcript, positionMs);
  return (
    <section
      className="record-card record-transcript"
      aria-labelledby="transcript-title"
      data-testid="record-transcript"
    >
      <div className="record-card__head">
        <h2 id="transcript-title" className="record-card__title">
          {t('recordings.transcript.title')}
        </h2>
        {canEdit && transcript.length > 0 && (
          <Button
            variant="text"
            size="small"
            data-testid="edit-speakers"
            onClick={() => setEditing(true)}
          >
            <EditIcon size={16} />
            {t('recordings.transcript.editSpeakers')}
          </Button>
        )}
      </div>
      {transcript.length === 0 ? (
        <p className="record-card__empty" data-testid="transcript-empty">
          {t('recordings.transcript.empty')}
        </p>
      ) : (
        <ol className="transcript">
          {transcript.map((line, index) => (
            <li key={`${line.startTime}-${index}`}>
              <button
                type="button"
                className={`transcript__line${index === current ? ' transcript__line--current' : ''}`}
                data-testid="transcript-line"
                data-start={line.startTime}
                aria-current={index === current || undefined}
                title={t('recordings.transcript.playFrom', {
                  time: formatClock(line.startTime / 1000),
                })}
                onClick={() => onSeek(line.startTime)}
              >
                <span className="transcript__head">
                  <span className="transcript__speaker" data-testid="transcript-speaker">
                    {line.speakerName || t('recordings.transcript.unknownSpeaker')}
                  </span>
                  <span className="transcript__time" data-testid="transcript-time">
                    {formatClock(line.startTime / 1000)}
                  </span>
                </span>
                <span className="transcript__text">{line.text}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
      {editing && (
        <SpeakerNamesDialog
          speakers={speakersOf(transcript)}
          onSave={onSaveSpeakers}
          onClose={() => setEditing(false)}
        />
      )}
    </section>
  );
}
