/**
 * An access request's detail for the recording's owner (SPEC.md section 3, Apply detail): the
 * recording (file name, preview, duration, start time), who asks and why, and Approve / Deny
 * while it is pending; otherwise its state. Test hooks: `apply-detail`, `apply-detail-error`,
 * `apply-filename`, `apply-applicant`, `apply-applicant-email`, `apply-reason`, `apply-status` (data-status),
 * `apply-approve`, `apply-deny`, `apply-answer-error`.
 */
import { useTranslation } from '../../i18n/useTranslation';
import { APPLY_STATUS } from '@meet/shared';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { RecordIcon } from '../../ui/icons';
import { formatClock } from '../recordings/record-rules';
import { useTimezone } from '../meetings/useTimezone';
import { formatDateTime } from '../recordings/recording-format';
import { useApplyDetail } from './useApplyDetail';

const STATUS_KEY = {
  [APPLY_STATUS.none]: 'none',
  [APPLY_STATUS.pending]: 'pending',
  [APPLY_STATUS.approved]: 'approved',
  [APPLY_STATUS.denied]: 'denied',
  [APPLY_STATUS.expired]: 'expired',
} as const;

export function ApplyDetailDialog({
  recordId,
  permissionRequestId,
  onClose,
}: {
  recordId: string;
  permissionRequestId: string;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const [timezone] = useTimezone();
  const a = useApplyDetail(recordId, permissionRequestId);
  const d = a.detail;
  const statusKey = d ? (STATUS_KEY[d.status as keyof typeof STATUS_KEY] ?? 'none') : 'none';
  return (
    <Dialog
      open
      title={t('recordings.apply.title')}
      onClose={onClose}
      closeLabel={t('common.close')}
      width={480}
      footer={
        d && a.pending ? (
          <>
            <Button
              variant="secondary"
              data-testid="apply-deny"
              loading={a.answering === APPLY_STATUS.denied}
              disabled={a.answering !== null}
              onClick={() => void a.answer(APPLY_STATUS.denied)}
            >
              {t('recordings.apply.deny')}
            </Button>
            <Button
              data-testid="apply-approve"
              loading={a.answering === APPLY_STATUS.approved}
              disabled={a.answering !== null}
              onClick={() => void a.answer(APPLY_STATUS.approved)}
            >
              {t('recordings.apply.approve')}
            </Button>
          </>
        ) : (
          <Button variant="text" onClick={onClose}>
            {t('common.close')}
          </Button>
        )
      }
    >
      <div className="apply-detail" data-testid="apply-detail">
        {a.loading && <p className="apply-detail__muted">{t('common.loading')}</p>}
        {a.loadError && (
          <p className="apply-detail__error" role="alert" data-testid="apply-detail-error">
            {a.loadError}
          </p>
        )}
        {d && (
          <>
            <div className="apply-detail__record">
              <span className="apply-detail__preview">
                {d.recordInfo.previewImg ? (
                  <img src={d.recordInfo.previewImg} alt="" />
                ) : (
                  <RecordIcon size={28} />
                )}
              </span>
              <div className="apply-detail__facts">
                <span className="apply-detail__filename" data-testid="apply-filename">
                  {d.recordInfo.filename}
                </span>
                <span className="apply-detail__muted">
                  {formatDateTime(d.recordInfo.startTime, i18n.language, timezone)} ·{' '}
                  {formatClock(d.recordInfo.duration)}
                </span>
              </div>
            </div>
            <dl className="apply-detail__list">
              <dt>{t('recordings.apply.applicant')}</dt>
              <dd data-testid="apply-applicant">{d.applicantName}</dd>
              {d.applicantEmail && (
                <>
                  <dt>{t('recordings.apply.email')}</dt>
                  <dd data-testid="apply-applicant-email">{d.applicantEmail}</dd>
                </>
              )}
              <dt>{t('recordings.apply.reason')}</dt>
              <dd data-testid="apply-reason">{d.reason || t('recordings.apply.noReason')}</dd>
              <dt>{t('recordings.apply.status')}</dt>
              <dd>
                <span
                  className={`apply-status apply-status--${statusKey}`}
                  data-testid="apply-status"
                  data-status={d.status}
                >
                  {t(`recordings.apply.state.${statusKey}`)}
                </span>
              </dd>
            </dl>
            {a.answerError && (
              <p className="apply-detail__error" role="alert" data-testid="apply-answer-error">
                {a.answerError}
              </p>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}
