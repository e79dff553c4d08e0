/** /home/meetings until the meeting lists arrive: start or join a meeting. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { KeyboardIcon, VideoIcon } from '../../ui/icons';

export function MeetingsEmpty() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EmptyState
      icon={<VideoIcon size={44} />}
      title={t('home.meetingsEmptyTitle')}
      hint={t('home.meetingsEmptyHint')}
      actions={
        <>
          <Button onClick={() => void navigate('/create')}>
            <VideoIcon size={18} />
            {t('home.newMeeting')}
          </Button>
          <Button variant="secondary" onClick={() => void navigate('/join')}>
            <KeyboardIcon size={18} />
            {t('home.joinMeeting')}
          </Button>
        </>
      }
    />
  );
}
