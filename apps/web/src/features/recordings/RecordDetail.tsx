/**
 * A recording the caller may open: its name and facts, downloads and its link, then the player
 * with the minutes and chapters under it and, beside them, the owner's sharing and the
 * transcript. While it is still being processed the page shows how far along it is instead (and
 * asks again until it is ready). Test hooks: `record-detail` (data-status), `record-title`,
 * `record-meta`, `record-player` (data-kind video|audio), `record-download-video|audio`,
 * `record-processing`, `record-failed`, `record-stage` (data-stage), and those of RecordRequests.
 */
import { useTranslation } from '../../i18n/useTranslation';
import type { RecordInfo, ShareScope } from '@meet/shared';
import { formatClock } from './record-rules';
import { useTimezone } from '../meetings/useTimezone';
import { formatDateTime, formatSize, processingStage, recordingDownload } from './recording-format';
import { AudioFileIcon, DownloadIcon } from './recording-icons';
import { RecordRequests } from './RecordRequests';
import { CopyRecordLink, ShareScopeCard } from './RecordShare';
import { SummaryPanel } from './SummaryPanel';
import { TranscriptPanel } from './TranscriptPanel';
import { useRecordPlayer, type RecordPlayer } from './useRecordPlayer';
import { useRecordSummary } from './useRecordSummary';

function Player({ info, player }: { info: RecordInfo; player: RecordPlayer }) {
  const { t } = useTranslation();
  if (info.videoUrl)
    return (
      <video
        ref={player.ref}
        className="record-player"
        src={info.videoUrl}
        poster={info.previewImg || undefined}
        controls
        preload="metadata"
        data-testid="record-player"
        data-kind="video"
        onTimeUpdate={player.onTimeUpdate}
      />
    );
  if (info.audioUrl)
    return (
      <div className="record-player record-player--audio">
        <AudioFileIcon size={48} />
        <audio
          ref={player.ref}
          src={info.audioUrl}
          controls
          preload="metadata"
          data-testid="record-player"
          data-kind="audio"
          onTimeUpdate={player.onTimeUpdate}
        />
      </div>
    );
  return <p className="record-card__empty">{t('recordings.page.noFile')}</p>;
}

function Downloads({ info, timezone }: { info: RecordInfo; timezone: string }) {
  const { t } = useTranslation();
  // Named after the recording and its day, by the server too (recordingFileName).
  const video = info.videoUrl && recordingDownload(info, info.videoUrl, 'video', timezone);
  const audio = info.audioUrl && recordingDownload(info, info.audioUrl, 'audio', timezone);
  return (
    <>
      {video && (
        <a
          className="btn btn--secondary btn--small"
          href={video.href}
          download={video.fileName}
          data-testid="record-download-video"
        >
          <DownloadIcon size={18} />
          {t('recordings.page.downloadVideo')}
        </a>
      )}
      {audio && (
        <a
          className="btn btn--secondary btn--small"
          href={audio.href}
          download={audio.fileName}
          data-testid="record-download-audio"
        >
          <DownloadIcon size={18} />
          {t('recordings.page.downloadAudio')}
        </a>
      )}
    </>
  );
}

function Processing({ info }: { info: RecordInfo }) {
  const { t } = useTranslation();
  // The server's stage names are words of the code: the page says them in the reader's language.
  const stage = processingStage(info.stage);
  const stageText = stage ? t(`recordings.list.stage.${stage}`) : null;
  if (info.status === 'failed')
    return (
      <div className="record-card record-pending" data-testid="record-failed">
        <p className="record-pending__title">{t('recordings.page.failed')}</p>
        {stageText && (
          <p className="record-card__empty" data-testid="record-stage" data-stage={stage}>
            {t('recordings.page.failedAt', { stage: stageText })}
          </p>
        )}
      </div>
    );
  const recording = info.status === 'recording';
  return (
    <div className="record-card record-pending" data-testid="record-processing">
      <p className="record-pending__title">
        {recording
          ? t('recordings.page.stillRecording')
          : t('recordings.list.processing', { progress: Math.round(info.progress) })}
      </p>
      {!recording && (
        <div
          className="record-progress record-progress--wide"
          role="progressbar"
          aria-label={t('recordings.list.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(info.progress)}
          data-testid="record-progress"
        >
          <div className="record-progress__bar" style={{ width: `${info.progress}%` }} />
        </div>
      )}
      {stageText && !recording && (
        <p className="record-pending__stage" data-testid="record-stage" data-stage={stage}>
          {t('recordings.page.stage', { stage: stageText })}
        </p>
      )}
      <p className="record-card__empty">{t('recordings.page.processingHint')}</p>
    </div>
  );
}

export function RecordDetail({
  info,
  realLogin,
  patch,
  refresh,
  onScope,
}: {
  info: RecordInfo;
  realLogin: boolean;
  patch(changes: Partial<RecordInfo>): void;
  refresh(): Promise<void>;
  onScope(scope: ShareScope): void;
}) {
  const { t, i18n } = useTranslation();
  const [timezone] = useTimezone();
  const player = useRecordPlayer();
  const canEdit = info.isOwner && realLogin;
  const summary = useRecordSummary(info, patch, refresh, canEdit);
  const ready = info.status === 'ready';
  const single = !ready && !canEdit;
  return (
    <div className="record-detail" data-testid="record-detail" data-status={info.status}>
      <div className="record-detail__head">
        <div className="record-detail__heading">
          <h1 className="record-detail__title" data-testid="record-title">
            {info.name}
          </h1>
          <p className="record-detail__meta" data-testid="record-meta">
            {[
              formatDateTime(info.startTime, i18n.language, timezone),
              info.duration > 0 ? formatClock(info.duration) : null,
              info.size > 0 ? formatSize(info.size) : null,
              info.isOwner ? null : t('recordings.page.sharedBy', { owner: info.ownerName }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <div className="record-detail__actions">
          {ready && <Downloads info={info} timezone={timezone} />}
          <CopyRecordLink recordId={info.recordId} />
        </div>
      </div>
      <div className={`record-detail__grid${single ? ' record-detail__grid--single' : ''}`}>
        <div className="record-detail__media">
          {ready ? (
            <>
              <Player info={info} player={player} />
              <SummaryPanel
                info={info}
                canEdit={canEdit}
                summary={summary}
                positionMs={player.positionMs}
                onSeek={player.seek}
              />
            </>
          ) : (
            <Processing info={info} />
          )}
        </div>
        {!single && (
          <div className="record-detail__side">
            {canEdit && info.accessRequests && (
              <RecordRequests
                recordId={info.recordId}
                requests={info.accessRequests}
                timezone={timezone}
                onAnswered={refresh}
              />
            )}
            {canEdit && <ShareScopeCard scope={info.shareScope} onScope={onScope} />}
            {ready && (
              <TranscriptPanel
                transcript={info.transcript}
                positionMs={player.positionMs}
                canEdit={canEdit}
                onSeek={player.seek}
                onSaveSpeakers={summary.saveSpeakers}
              />
            )}
          </div>
        )}
      </div>
    </div>
  );
}
