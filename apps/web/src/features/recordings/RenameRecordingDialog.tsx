/** Renaming a recording: one field (a name is required), the server's refusal shown under it. */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';

/** The server's limit on a recording's name (updateRecordNameBody). */
export const RECORD_NAME_MAX = 100;

export function RenameRecordingDialog({
  name,
  error,
  busy,
  onSave,
  onClose,
}: {
  name: string;
  error: string | null;
  busy: boolean;
  onSave(name: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(name);
  const over = value.trim().length > RECORD_NAME_MAX;
  return (
    <Dialog
      open
      title={t('recordings.list.renameTitle')}
      onClose={onClose}
      closeLabel={t('common.close')}
      width={440}
      footer={
        <>
          <Button variant="text" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            form="rename-recording"
            loading={busy}
            disabled={over}
            data-testid="rename-save"
          >
            {t('recordings.list.save')}
          </Button>
        </>
      }
    >
      <form
        id="rename-recording"
        onSubmit={(event) => {
          event.preventDefault();
          onSave(value);
        }}
      >
        <TextField
          label={t('recordings.list.nameLabel')}
          value={value}
          limit={RECORD_NAME_MAX}
          error={error}
          data-testid="rename-input"
          onChange={(event) => setValue(event.target.value)}
        />
      </form>
    </Dialog>
  );
}
