/**
 * The live transcript (issue 30): every final caption line of this meeting so far, to scroll back
 * through during the meeting, in the side panel. Read from the server's stored transcript (the
 * lines the speech engine finished), again every 2 s while open; it follows the newest line
 * unless I scrolled up to read, and then offers a way back down. Speech that could not be
 * recognised shows as such at its time, never as a gap. Test hooks: `transcript-panel`,
 * `transcript-line` (`data-member-id`), `transcript-latest`.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { captionsApi } from '../../api/captions-api';
import { useRoomMeeting } from '../room-core/RoomContext';
import { useCaptionActions } from './useCaptionActions';
import './captions.css';

const REFRESH_MS = 2000;
/** Within this many px of the bottom counts as "at the newest line". */
const NEAR_BOTTOM_PX = 40;

function clockOf(ms: number, language: string): string {
  return new Date(ms).toLocaleTimeString(language === 'zh' ? 'zh-CN' : 'en-US', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

export function TranscriptTab() {
  const { t, i18n } = useTranslation();
  const { conferenceUri } = useRoomMeeting();
  const actions = useCaptionActions();
  const transcript = useQuery({
    queryKey: ['captions', 'transcript', conferenceUri] as const,
    queryFn: () => captionsApi.transcript(conferenceUri, { silent: true }),
    refetchInterval: REFRESH_MS,
    enabled: conferenceUri !== '',
  });
  const lines = transcript.data?.list ?? [];
  const box = useRef<HTMLOListElement>(null);
  const [following, setFollowing] = useState(true);

  // New lines: still at the bottom if I was there.
  useLayoutEffect(() => {
    const el = box.current;
    if (el && following) el.scrollTop = el.scrollHeight;
  }, [lines.length, following]);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onScroll = () =>
      setFollowing(el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX);
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [transcript.isSuccess]);

  return (
    <div className="transcript" data-testid="transcript-panel">
      {transcript.isError && lines.length === 0 ? (
        <p className="transcript__empty" role="alert">
          {t('room.transcript.loadFailed')}
        </p>
      ) : lines.length === 0 ? (
        <p className="transcript__empty">
          {transcript.isPending ? t('room.transcript.loading') : t('room.transcript.empty')}
        </p>
      ) : (
        <ol className="transcript__lines" ref={box} aria-label={t('room.transcript.title')}>
          {lines.map((line) => (
            <li
              key={`${line.speakerId}-${line.startTime}`}
              className="transcript__line"
              data-testid="transcript-line"
              data-member-id={line.speakerId}
            >
              <div className="transcript__who">
                <span className="transcript__name">{line.speakerName}</span>
                <time
                  className="transcript__time"
                  dateTime={new Date(line.startTime).toISOString()}
                >
                  {clockOf(line.startTime, i18n.language)}
                </time>
              </div>
              {line.recognized === false || !line.text ? (
                // Speech that could not be recognised keeps its place (issue 31).
                <p
                  className="transcript__text transcript__text--unrecognized"
                  data-recognized="false"
                >
                  {t('room.captions.unrecognized')}
                </p>
              ) : (
                <p className="transcript__text">{line.text}</p>
              )}
            </li>
          ))}
        </ol>
      )}
      {!following && lines.length > 0 && (
        <button
          type="button"
          className="transcript__latest"
          data-testid="transcript-latest"
          onClick={() => setFollowing(true)}
        >
          {t('room.transcript.latest')}
        </button>
      )}
      <div className="transcript__footer">
        {(['vtt', 'txt'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className="captions-chip"
            onClick={() => actions.downloadTranscript(format)}
          >
            {format === 'vtt' ? t('room.captions.downloadVtt') : t('room.captions.downloadTxt')}
          </button>
        ))}
      </div>
    </div>
  );
}
