/** The meeting ID and name fields with the Join button, used by /join and /i/{id}. */
import { useTranslation } from '../../i18n/useTranslation';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import type { JoinMeeting } from './useJoinMeeting';
import { useJoinForm } from './useJoinForm';

export function JoinForm({
  flow,
  initialId,
  disabled = false,
}: {
  flow: JoinMeeting;
  initialId?: string;
  /** The page knows joining cannot work (e.g. the meeting has ended). */
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const form = useJoinForm(flow, initialId);
  return (
    <form className="join-form" onSubmit={form.submit} noValidate>
      <TextField
        label={t('join.conferenceId')}
        placeholder={t('join.conferenceIdPlaceholder')}
        {...form.idProps}
      />
      <TextField
        label={t('join.userName')}
        placeholder={t('join.userNamePlaceholder')}
        {...form.nameProps}
      />
      <Button type="submit" block loading={flow.joining} disabled={disabled || form.blocked}>
        {t('join.join')}
      </Button>
    </form>
  );
}
