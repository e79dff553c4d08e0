/**
 * SPEC.md's message box, shown instead of the app in a browser without a media handler (Chrome
 * before 74, Edge before 88, Firefox before 120, Safari before 12, Internet Explorer).
 */
import { useTranslation } from '../i18n/useTranslation';
import { WarningIcon } from '../ui/icons';
import './unsupported.css';

export function UnsupportedBrowser() {
  const { t } = useTranslation();
  return (
    <div className="page-center">
      <div
        className="unsupported"
        role="alertdialog"
        aria-labelledby="unsupported-title"
        aria-describedby="unsupported-desc"
      >
        <WarningIcon className="unsupported__icon" size={40} />
        <h1 id="unsupported-title" className="unsupported__title">
          {t('unSuppportedTitle')}
        </h1>
        <p id="unsupported-desc" className="unsupported__desc">
          {t('unSuppportedDesc')}
        </p>
        <div className="unsupported__links">
          <a href="https://www.google.com/chrome/" target="_blank" rel="noreferrer">
            Google Chrome
          </a>
          <a href="https://www.microsoft.com/edge" target="_blank" rel="noreferrer">
            Microsoft Edge
          </a>
        </div>
      </div>
    </div>
  );
}
