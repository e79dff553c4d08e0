/**
 * The owner's access requests on the recording's page: who asks (name and email), when and why,
 * with Approve and Deny, so the owner need not go through the message center. The page loads
 * again after an answer (approving may widen the sharing) and when a new request arrives.
 * Test hooks: `record-requests`, `record-request` (data-request-id), `record-request-name`,
 * `record-request-email`, `record-request-approve`, `record-request-deny`.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { APPLY_STATUS, type AccessRequestItem } from '@meet/shared';
import { recordsApi, type ApplyAnswer } from '../../api/records-api';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toast-store';
import { formatDateTime } from './recording-format';

export function RecordRequests({
  recordId,
  requests,
  timezone,
  onAnswered,
}: {
  recordId: string;
  requests: readonly AccessRequestItem[];
  timezone: string;
  onAnswered(): Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const [answering, setAnswering] = useState<{ id: string; status: ApplyAnswer } | null>(null);
  if (requests.length === 0) return null;

  async function answer(id: string, status: ApplyAnswer) {
    setAnswering({ id, status });
    try {
      await recordsApi.updateApply(recordId, id, status);
      toast.success(
        t(
          status === APPLY_STATUS.approved
            ? 'recordings.apply.approved'
            : 'recordings.apply.denied',
        ),
      );
    } catch {
      // The API client has shown the server's message (someone may have answered it elsewhere).
    } finally {
      await onAnswered();
      setAnswering(null);
    }
  }

  return (
    <section
      className="record-card record-requests"
      aria-label={t('recordings.page.requestsTitle')}
      data-testid="record-requests"
    >
      <h2 className="record-card__title">{t('recordings.page.requestsTitle')}</h2>
      <p className="record-sharing__hint">{t('recordings.page.requestsHint')}</p>
      <ul className="record-requests__list">
        {requests.map((r) => (
          <li
            key={r.permissionRequestId}
            className="record-requests__item"
            data-testid="record-request"
            data-request-id={r.permissionRequestId}
          >
            <div className="record-requests__who">
              <span className="record-requests__name" data-testid="record-request-name">
                {r.applicantName}
              </span>
              {r.applicantEmail && (
                <span className="record-requests__email" data-testid="record-request-email">
                  {r.applicantEmail}
                </span>
              )}
              <span className="record-requests__muted">
                {t('recordings.page.requestAsked', {
                  time: formatDateTime(r.createTime, i18n.language, timezone),
                })}
              </span>
              {r.reason && (
                <span className="record-requests__reason">
                  {t('recordings.page.requestReason', { reason: r.reason })}
                </span>
              )}
            </div>
            <div className="record-requests__actions">
              <Button
                variant="secondary"
                size="small"
                data-testid="record-request-deny"
                loading={answering?.id === r.permissionRequestId && answering.status === 3}
                disabled={answering !== null}
                onClick={() => void answer(r.permissionRequestId, APPLY_STATUS.denied)}
              >
                {t('recordings.apply.deny')}
              </Button>
              <Button
                size="small"
                data-testid="record-request-approve"
                loading={answering?.id === r.permissionRequestId && answering.status === 2}
                disabled={answering !== null}
                onClick={() => void answer(r.permissionRequestId, APPLY_STATUS.approved)}
              >
                {t('recordings.apply.approve')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
