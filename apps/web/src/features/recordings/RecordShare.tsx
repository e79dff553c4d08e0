/**
 * Sharing a recording: anyone who sees it can copy its link; the owner chooses who may open it
 * (only me, people I let in, everyone with the link). Test hooks: `copy-record-link`,
 * `record-sharing`, `share-scope` (a select), `share-scope-hint`.
 */
import { useId } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { SHARE_SCOPES, type ShareScope } from '@meet/shared';
import { Button } from '../../ui/Button';
import { useCopy } from '../../ui/useCopy';
import { LinkIcon } from './recording-icons';

export function recordLink(recordId: string): string {
  return `${window.location.origin}/rec/${encodeURIComponent(recordId)}`;
}

export function CopyRecordLink({ recordId }: { recordId: string }) {
  const { t } = useTranslation();
  const copy = useCopy();
  return (
    <Button
      variant="secondary"
      size="small"
      data-testid="copy-record-link"
      onClick={() => void copy(recordLink(recordId))}
    >
      <LinkIcon size={18} />
      {t('recordings.share.copyLink')}
    </Button>
  );
}

export function ShareScopeCard({
  scope,
  onScope,
}: {
  scope: ShareScope;
  onScope(scope: ShareScope): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="record-card record-sharing" data-testid="record-sharing">
      <label className="record-card__title" htmlFor={id}>
        {t('recordings.share.label')}
      </label>
      <select
        id={id}
        className="record-sharing__select"
        value={scope}
        data-testid="share-scope"
        onChange={(event) => onScope(event.target.value as ShareScope)}
      >
        {SHARE_SCOPES.map((s) => (
          <option key={s} value={s}>
            {t(`recordings.share.${s}`)}
          </option>
        ))}
      </select>
      <p className="record-sharing__hint" data-testid="share-scope-hint">
        {t(`recordings.share.${scope}Hint`)}
      </p>
    </section>
  );
}
