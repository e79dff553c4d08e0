/**
 * The page a QR sign-in code opens on a signed-in device (/scan/{id}, phones too): who is asking,
 * a warning, and Approve or Deny.
 */
import { useTranslation } from '../../app/useTranslation';
import { Link, useParams } from 'react-router';
import { Button } from '../../ui/Button';
import { AuthCard } from './AuthCard';
import { useAuth } from './AuthProvider';
import { useScanApproval } from './useScanApproval';

export function ScanApproval() {
  const { t } = useTranslation();
  const { scanId = '' } = useParams();
  const { user } = useAuth();
  const approval = useScanApproval(scanId);
  const done = approval.stage === 'approved' || approval.stage === 'denied';
  return (
    <AuthCard title={t('signin.approveTitle')}>
      {approval.stage === 'loading' && <p className="auth-note">{t('signin.qrLoading')}</p>}
      {approval.stage === 'asking' && approval.info && (
        <>
          <p>{t('signin.approveDevice')}</p>
          <p className="scan-approval__device" data-testid="scan-device">
            {approval.info.deviceName || '—'}
          </p>
          <p className="auth-alert">{t('signin.approveWarning')}</p>
          {user && <p className="auth-note">{t('signin.approveAs', { name: user.userName })}</p>}
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
