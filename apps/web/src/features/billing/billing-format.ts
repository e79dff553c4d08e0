/** How plan facts are written for people: sizes and dates in the interface language. */
import { language } from '../../i18n/i18n';

/** 10737418240 → "10 GB" (binary gigabytes, as storage quotas are counted). */
export function formatStorage(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  return `${Number.isInteger(gb) ? gb : gb.toFixed(1)} GB`;
}

export function formatDate(ms: number): string {
  return new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en-US', {
    dateStyle: 'long',
  }).format(ms);
}
