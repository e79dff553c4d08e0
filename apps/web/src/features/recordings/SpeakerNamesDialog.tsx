/**
 * The owner corrects the names of the transcript's speakers: one field a speaker, each required.
 * Test hooks: `speaker-name-input` (data-speaker-id), `speakers-save`, `speakers-error`.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import type { SpeakerRename } from '../../api/records-api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import type { SaveResult } from './useRecordSummary';
import { checkSpeakerNames } from './transcript-view';

/** The server's limit on a speaker's name. */
const SPEAKER_NAME_MAX = 50;

export function SpeakerNamesDialog({
  speakers,
  onSave,
  onClose,
}: {
  speakers: SpeakerRename[];
  onSave(renames: SpeakerRename[]): Promise<SaveResult>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [names, setNames] = useState(speakers);
  const [invalid, setInvalid] = useState<number | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const check = checkSpeakerNames(speakers, names);
    if (!check.ok) {
      setInvalid(check.speakerId);
      return;
    }
    setInvalid(null);
    if (check.renames.length === 0) return onClose();
    setBusy(true);
    const error = await onSave(check.renames);
    setBusy(false);
    if (error) setServerError(error);
    else onClose();
  };

  return (
    <Dialog
      open
      title={t('recordings.transcript.speakersTitle')}
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
            form="speaker-names"
            loading={busy}
            data-testid="speakers-save"
            disabled={names.some((s) => s.name.trim().length > SPEAKER_NAME_MAX)}
          >
            {t('recordings.summary.save')}
          </Button>
        </>
      }
    >
      <form
        id="speaker-names"
        className="speaker-names"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {names.map((speaker, index) => (
          <TextField
            key={speaker.speakerId}
            label={t('recordings.transcript.speakerLabel', { index: index + 1 })}
            value={speaker.name}
            limit={SPEAKER_NAME_MAX}
            data-testid="speaker-name-input"
            data-speaker-id={speaker.speakerId}
            error={invalid === speaker.speakerId ? t('errors.speakerNameRequired') : null}
            onChange={(event) =>
              setNames((all) =>
                all.map((s) =>
                  s.speakerId === speaker.speakerId ? { ...s, name: event.target.value } : s,
                ),
              )
            }
          />
        ))}
        {serverError && (
          <p className="record-form-error" role="alert" data-testid="speakers-error">
            {serverError}
          </p>
        )}
      </form>
    </Dialog>
  );
}
