/** How one credit charge is written for people: the feature's name, the meeting, the time. */
import { formatConferenceNumber, type ConsumeRecord } from '@meet/shared';
import { language } from '../../i18n/i18n';
import type { TFunction } from '../../i18n/i18n';

/** A feature the ledger names; one this client does not know shows as the server wrote it. */
export function featureName(feature: string, t: TFunction): string {
  switch (feature) {
    case 'translate':
      return t('billing.credits.featureTranslate');
    case 'interpret':
      return t('billing.credits.featureInterpret');
    case 'magicCam':
      return t('billing.credits.featureMagicCam');
    default:
      return feature;
  }
}

/** "Weekly sync · 123 456 789", the ID alone without a topic, "—" outside a meeting. */
export function meetingLabel(record: Pick<ConsumeRecord, 'conferenceId' | 'conferenceName'>) {
  const id = record.conferenceId ? formatConferenceNumber(record.conferenceId) : null;
  if (record.conferenceName && id) return `${record.conferenceName} · ${id}`;
  return record.conferenceName || id || '—';
}

export function formatChargeTime(ms: number): string {
  return new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(ms);
}
