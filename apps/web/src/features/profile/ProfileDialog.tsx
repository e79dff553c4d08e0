/** The profile editor dialog: name and avatar. */
import { useRef } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CameraIcon } from '../../ui/icons';
import { TextField } from '../../ui/TextField';
import { useProfileEditor } from './useProfileEditor';
import './profile.css';

const FORM_ID = 'profile-form';

export function ProfileDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const editor = useProfileEditor(onClose);
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      open
      title={t('profile.title')}
      onClose={onClose}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="text" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={FORM_ID} disabled={!editor.canSave} loading={editor.saving}>
            {t('profile.save')}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className="profile-form" {...editor.formProps}>
        <div className="profile-form__avatar">
          <button
            type="button"
            className="profile-form__avatar-btn"
            aria-label={t('profile.changePhoto')}
            onClick={() => fileInput.current?.click()}
          >
            <Avatar src={editor.previewUrl} name={editor.displayName} size={96} />
            <span className="profile-form__camera" aria-hidden="true">
              <CameraIcon size={18} />
            </span>
          </button>
          <input
            ref={fileInput}
            className="visually-hidden"
            aria-label={t('profile.avatar')}
            {...editor.fileProps}
          />
          <Button variant="text" size="small" onClick={() => fileInput.current?.click()}>
            {t('profile.changePhoto')}
          </Button>
          <p
            className={
              editor.avatarError ? 'profile-form__note field__error' : 'profile-form__note'
            }
            role={editor.avatarError ? 'alert' : undefined}
          >
            {editor.avatarError ?? t('profile.photoHint')}
          </p>
        </div>
        <TextField label={t('profile.name')} {...editor.nameProps} />
      </form>
    </Dialog>
  );
}
