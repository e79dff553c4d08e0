/** /i/{id}: the invitation's topic, any landing message, and the join form with the id filled in. */
import { useTranslation } from '../../i18n/useTranslation';
import { useParams, useSearchParams } from 'react-router';
import { AuthCard } from '../auth/AuthCard';
import { WarningIcon } from '../../ui/icons';
import { JoinForm } from './JoinForm';
import { JoinOutcomes } from './JoinOutcomes';
import { formatConferenceId } from './join-session';
import { useInviteLanding, type InviteNotice } from './useInviteLanding';
import { useJoinMeeting } from './useJoinMeeting';

const NOTICE_TEXT = {
  checkLink: 'invite.checkLink',
  noExist: 'errors.meetingNoExist',
  ended: 'invite.conferenceOver',
  replaced: 'errors.joinedOnAnotherDevice',
  region: 'errors.regionNotSupported',
} as const satisfies Record<InviteNotice, string>;

export function InviteScreen() {
  const { t } = useTranslation();
  const { conferenceId } = useParams();
  const [params] = useSearchParams();
  const landing = useInviteLanding(conferenceId, params.get('reason'));
  const flow = useJoinMeeting({ onMeetingOver: () => void landing.refetch() });
  const topic = landing.info?.conferenceName;
  return (
    <AuthCard
      title={topic ?? t('pages.invite')}
      subtitle={
        landing.info
          ? t('invite.invitedBy', {
              name: landing.info.creatorName,
              // Read as one number: on a narrow phone the line breaks before it, not inside it.
              id: formatConferenceId(landing.info.conferenceId).replace(/ /g, '\u00a0'),
            })
          : t('invite.subtitle')
      }
    >
      {landing.notice && (
        <div className="invite-notice" role="alert" data-testid="invite-notice">
          <WarningIcon size={20} />
          <div>
            <p className="invite-notice__title">{t(NOTICE_TEXT[landing.notice])}</p>
            {landing.notice === 'ended' && <p>{t('invite.endedHint')}</p>}
            {landing.notice === 'replaced' && <p>{t('invite.replacedHint')}</p>}
            {landing.notice === 'checkLink' && <p>{t('invite.checkLinkHint')}</p>}
          </div>
        </div>
      )}
      <JoinForm flow={flow} initialId={landing.conferenceId} disabled={landing.blocksJoin} />
      <JoinOutcomes flow={flow} />
    </AuthCard>
  );
}
