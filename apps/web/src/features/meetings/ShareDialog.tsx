/** The share dialog: the invite link to copy, its QR code and a ready-to-send invitation. */
import { useTranslation } from '../../i18n/useTranslation';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { QrCode } from '../../ui/QrCode';
import { useCopy } from '../../ui/useCopy';
import { invitationText, inviteLink, type ShareTarget } from './invitation';
import './meetings.css';

export interface ShareDialogProps {
  target: ShareTarget;
  inviter: string;
  onClose(): void;
}

export default function ShareDialog({ target, inviter, onClose }: ShareDialogProps) {
  const { t } = useTranslation();
  const link = inviteLink(target.conferenceId);
  const text = invitationText(target, inviter, link, t);

  const copy = useCopy();

  return (
    <Dialog
      open
      title={t('share.title')}
      onClose={onClose}
      closeLabel={t('common.close')}
      width={560}
    >
      <div className="share">
        <div className="share__link-row">
          <input
            className="field__input"
            readOnly
            value={link}
            aria-label={t('share.link')}
            name="inviteLink"
            onFocus={(e) => e.target.select()}
          />
          <Button onClick={() => void copy(link)}>{t('share.copyLink')}</Button>
        </div>
        <div className="share__body">
          <figure className="share__qr">
            <QrCode text={link} label={t('share.qrLabel')} testId="share-qr" />
            <figcaption>{t('share.scan')}</figcaption>
          </figure>
          <div className="share__text">
            <pre data-testid="share-text">{text}</pre>
            <Button variant="secondary" size="small" onClick={() => void copy(text)}>
              {t('share.copyInvitation')}
            </Button>
          </div>
        </div>
      </div>
    </Dialog>
  );
}
