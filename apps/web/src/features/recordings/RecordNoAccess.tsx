/**
 * The record page for someone who may not open the recording: "No access permissions currently",
 * whose it is, and their way in (SPEC.md section 4): sign in first (nobody or a visitor), ask the
 * owner with a reason, or wait for the answer; a denied or lapsed request can be asked again.
 * Test hooks: `record-no-access` (data-apply-status), `record-signin`, `record-apply-reason`,
 * `record-apply`, `record-apply-pending`, `record-apply-denied`, `record-apply-expired`,
 * `record-apply-approved`.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { Link } from 'react-router';
import { APPLY_STATUS } from '@meet/shared';
import type { RecordTeaser } from '../../api/records-api';
import { Button } from '../../ui/Button';
import type { ApplyState } from './record-view';
import { LockIcon } from './recording-icons';

/** The server's limit on a reason (applyBody). */
const REASON_MAX = 500;

export function RecordNoAccess({
  teaser,
  state,
  applying,
  onApply,
}: {
  teaser: RecordTeaser;
  state: ApplyState;
  applying: boolean;
  onApply(reason: string): void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const from = `/rec/${encodeURIComponent(teaser.recordId)}`;
  return (
    <div
      className="record-state record-no-access"
      data-testid="record-no-access"
      data-apply-status={teaser.applyStatus}
    >
      <span className="record-state__icon" aria-hidden="true">
        <LockIcon size={40} />
      </span>
      <h1 className="record-state__title">{t('errors.noRecordAccess')}</h1>
      {teaser.name && (
        <p className="record-state__text">
          {teaser.ownerName
            ? t('recordings.access.whose', { name: teaser.name, owner: teaser.ownerName })
            : teaser.name}
        </p>
      )}

      {state === 'signIn' && (
        <>
          <p className="record-state__text">{t('recordings.access.signInHint')}</p>
          <Link
            className="btn btn--primary"
            to={`/signin?from=${encodeURIComponent(from)}`}
            data-testid="record-signin"
          >
            {t('recordings.access.signIn')}
          </Link>
        </>
      )}

      {state === 'pending' && (
        <p className="record-state__note" data-testid="record-apply-pending">
          {t('recordings.access.pending', {
            owner: teaser.ownerName || t('recordings.access.theOwner'),
          })}
        </p>
      )}

      {state === 'approved' && (
        <p className="record-state__note" data-testid="record-apply-approved">
          {t('recordings.access.approvedButPrivate')}
        </p>
      )}

      {state === 'apply' && (
        <form
          className="record-apply"
          onSubmit={(event) => {
            event.preventDefault();
            onApply(reason);
          }}
        >
          {teaser.applyStatus === APPLY_STATUS.denied && (
            <p
              className="record-state__note record-state__note--warn"
              data-testid="record-apply-denied"
            >
              {t('recordings.access.denied')}
            </p>
          )}
          {teaser.applyStatus === APPLY_STATUS.expired && (
            <p
              className="record-state__note record-state__note--warn"
              data-testid="record-apply-expired"
            >
              {t('recordings.access.expired')}
            </p>
          )}
          <label className="record-apply__label" htmlFor="apply-reason">
            {t('recordings.access.reasonLabel')}
          </label>
          <textarea
            id="apply-reason"
            className="record-apply__reason"
            rows={3}
            maxLength={REASON_MAX}
            value={reason}
            placeholder={t('recordings.access.reasonPlaceholder')}
            data-testid="record-apply-reason"
            onChange={(event) => setReason(event.target.value)}
          />
          <Button type="submit" loading={applying} data-testid="record-apply">
            {teaser.applyStatus === APPLY_STATUS.none
              ? t('recordings.access.apply')
              : t('recordings.access.applyAgain')}
          </Button>
        </form>
      )}
    </div>
  );
}
