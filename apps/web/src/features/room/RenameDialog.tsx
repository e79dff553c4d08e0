/**
 * My name in this meeting (at most 30 characters, SPEC.md section 9): saved with
 * updateUserConferenceNickname, then shown everywhere at once through the room client.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { NICKNAME_MAX_MEETING } from '@meet/shared';
import { ApiError } from '../../api/client';
import { hostApi } from '../../api/host-api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { lengthLimit } from '../../ui/length-limit';
import { TextField } from '../../ui/TextField';
import { toast } from '../../ui/toast-store';
import { useRoomClient, useRoomMeeting } from '../room-core/RoomContext';

export function RenameDialog({ current, onClose }: { current: string; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useRoomClient();
  const { conferenceId } = useRoomMeeting();
  const formId = useId();
  const [name, setName] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const trimmed = name.trim();
  const tooLong = lengthLimit(name, NICKNAME_MAX_MEETING).over;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (tooLong) return;
    if (!trimmed) return setError(t('room.rename.empty'));
    if (trimmed === current) return onClose();
    setBusy(true);
    try {
      await hostApi.updateNickname(conferenceId, trimmed, { silent: true });
      client.setDisplayName(trimmed);
      toast.success(t('room.rename.saved'));
      onClose();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(e.message || t('room.rename.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      title={t('room.rename.title')}
      onClose={onClose}
      closeLabel={t('common.close')}
      width={400}
      footer={
        <>
          <Button variant="text" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy} disabled={!trimmed || tooLong}>
            {t('room.rename.save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={t('room.rename.label')}
          name="userConferenceName"
          value={name}
          limit={NICKNAME_MAX_MEETING}
          required
          autoComplete="off"
          error={
            error ?? (tooLong ? t('room.rename.tooLong', { max: NICKNAME_MAX_MEETING }) : null)
          }
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
        />
      </form>
    </Dialog>
  );
}
