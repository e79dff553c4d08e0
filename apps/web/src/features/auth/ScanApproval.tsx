/**
 * The page a QR sign-in code opens on a signed-in device (/scan/{id}, phones too): what asks, as
 * the server saw it (its browser and system, the address it came from and whether that is this
 * device's network; never a name it gave itself), the account it would be signed in to, a
 * warning, and Approve or Deny.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { Link, useParams } from 'react-router';
import type { ScanInfoPayload } from '@meet/shared';
import { Button } from '../../ui/Button';
import { AuthCard } from './AuthCard';
import { useScanApproval } from './useScanApproval';

type T = ReturnType<typeof useTranslation>['t'];

function deviceText(t: T, { browser, os }: ScanInfoPayload): string {
  if (browser && os) return t('signin.approveBrowserOn', { browser, os });
  return browser || os || t('signin.approveUnknownDevice');
}

export function ScanApproval() {
  const { t } = useTranslation();
  const { scanId = '' } = useParams();
  const approval = useScanApproval(scanId);
  const info = approval.info;
  const done = approval.stage === 'approved' || approval.stage === 'denied';
  return (
    <AuthCard title={t('signin.approveTitle')}>
      {approval.stage === 'loading' && <p className="auth-note">{t('signin.qrLoading')}</p>}
      {approval.stage === 'asking' && info && (
        <>
          <p>{t('signin.approveDevice')}</p>
          <p className="scan-approval__device" data-testid="scan-device">
            {deviceText(t, info)}
          </p>
          {info.ip && (
            <p className="auth-note" data-testid="scan-network">
              {t(info.sameNetwork ? 'signin.approveSameNetwork' : 'signin.approveOtherNetwork', {
                ip: info.ip,
              })}
            </p>
          )}
          <p className="auth-alert">{t('signin.approveWarning')}</p>
          <p className="auth-note" data-testid="scan-account">
            {info.signInAs.email
              ? t('signin.approveAsEmail', {
                  name: info.signInAs.userName,
                  email: info.signInAs.email,
                })
              : t('signin.approveAs', { name: info.signInAs.userName })}
          </p>
          <div className="scan-approval__actions">
            <Button block loading={approval.busy} onClick={approval.approve}>
              {t('signin.approve')}
            </Button>
            <Button variant="secondary" block disabled={approval.busy} onClick={approval.deny}>
              {t('signin.deny')}
            </Button>
          </div>
        </>
      )}
      {done && (
        <p role="status">
          {t(approval.stage === 'approved' ? 'signin.approved' : 'signin.deniedDone')}
        </p>
      )}
      {approval.stage === 'error' && (
        <p className="auth-alert" role="alert">
          {approval.error}
        </p>
      )}
      {(done || approval.stage === 'error') && <Link to="/home">{t('signin.backHome')}</Link>}
    </AuthCard>
  );
}
